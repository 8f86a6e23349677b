// `npm run bench -- <name>` runs scripts/bench/<name>.ts and prints its figures as ONE JSON line on
// stdout. Anything else the bench (or the code it starts) writes to stdout goes to stderr instead.
import fs from 'node:fs';
import path from 'node:path';

export type Bench = () => Promise<Record<string, number>>;

const NAME = /^[A-Za-z0-9-]+$/;

export function availableBenches(dir = __dirname): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'run.ts')
    .map((f) => f.slice(0, -3))
    .filter((n) => NAME.test(n))
    .sort();
}

async function main(): Promise<number> {
  const name = process.argv[2] ?? '';
  const known = availableBenches();
  if (!NAME.test(name) || !known.includes(name)) {
    console.error(`${name ? `Unknown bench "${name}"` : 'No bench named'}. Available: ${known.join(', ')}`);
    console.error('Usage: npm run bench -- <name>');
    return 2;
  }
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  let figures: Record<string, number>;
  try {
    const mod = (await import(path.join(__dirname, `${name}.ts`))) as { default: Bench };
    figures = await mod.default();
  } finally {
    process.stdout.write = stdoutWrite;
  }
  stdoutWrite(JSON.stringify(figures) + '\n');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`bench failed: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  },
);
