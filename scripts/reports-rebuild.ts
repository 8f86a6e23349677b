// `npm run reports:rebuild -- --from 2026-09-01 --to 2026-11-27 [--account 12,15]`: rebuilds the report
// rollups of those local days (both included) from the call records and the ledger, a day at a time
// (server/src/modules/reports/rebuild.ts). Safe while calls are being settled: a day is rebuilt under
// the accounts' rollup locks; a settlement of their calls waits for it, then queues the call for the
// fold, and the calls already queued for that day are recounted by the rebuild and leave the queue.
import knexFactory from 'knex';
import { loadConfig } from '../config';
import { isDayText } from '../domain/validators';
import { rebuildRollups } from '../server/src/modules/reports/rebuild';

const argOf = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

async function main(): Promise<number> {
  const from = argOf('--from') ?? '';
  const to = argOf('--to') ?? '';
  const accounts = argOf('--account');
  const accountIds = accounts?.split(',').map(Number);
  if (
    !isDayText(from) ||
    !isDayText(to) ||
    from > to ||
    accountIds?.some((n) => !Number.isSafeInteger(n) || n <= 0)
  ) {
    console.error('Usage: npm run reports:rebuild -- --from yyyy-MM-dd --to yyyy-MM-dd [--account id,id]');
    return 2;
  }
  const k = knexFactory({ client: 'pg', connection: loadConfig().databaseUrl, pool: { min: 0, max: 3 } });
  try {
    const t0 = performance.now();
    const r = await rebuildRollups(k, { from, to, ...(accountIds ? { accountIds } : {}) }, (done, total) => {
      if (done % 10 === 0 || done === total) console.error(`rebuilt ${done}/${total} days`);
    });
    console.log(JSON.stringify({ ...r, seconds: Math.round((performance.now() - t0) / 100) / 10 }));
    return 0;
  } finally {
    await k.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`reports:rebuild failed: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  },
);
