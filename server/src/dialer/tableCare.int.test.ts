// Table care on the real PostgreSQL: where autovacuum is off (our machines), a dialer table past
// autovacuum's thresholds is looked after once, and then left alone; where it is on, never.
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { careForTables, careForTablesOnce, needsAnalyze, needsVacuum } from './tableCare';
import { ids, insertTask } from './testKit';
import { until } from '../../../test/until';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ config: { dialer: { enabled: false, tickMs: 0 } } });
});
afterAll(() => p.close());

it("uses autovacuum's default thresholds", () => {
  expect(needsVacuum(1000, 250)).toBe(false);
  expect(needsVacuum(1000, 251)).toBe(true);
  expect(needsAnalyze(1000, 150)).toBe(false);
  expect(needsAnalyze(1000, 151)).toBe(true);
});

it('looks after a busy dialer table once when autovacuum is off, and never when it is on', async () => {
  const k = p.db.knex;
  const { rows } = await k.raw(`SELECT current_setting('autovacuum') = 'on' AS auto`);
  const auto = rows[0].auto as boolean;
  const id = await ids(p);
  const task = await insertTask(p, { accountId: id.merchant, botId: id.bot, lineId: id.line, numbers: [] });
  // 300 writes of one row: 300 dead rows and modifications on a table of a few live ones.
  for (let i = 1; i <= 300; i++) await k('tasks').where({ id: task }).update({ consecutive_failures: i });
  // A backend's counts reach the shared statistics within a second or so of its transaction.
  const onTasks = (done: string[]) => done.filter((d) => d.endsWith(' tasks'));
  let done: string[] = [];
  // With autovacuum on nothing is ever done: the wait runs out, and that is the finding.
  await until(async () => onTasks((done = await careForTables(k))).length > 0, 4000).catch(() => undefined);
  // VACUUM or only ANALYZE: page pruning on the way may already have cleared most dead rows.
  if (auto) expect(onTasks(done)).toEqual([]);
  else expect(onTasks(done)).toEqual([expect.stringMatching(/^(VACUUM \(ANALYZE\)|ANALYZE) tasks$/)]);
  expect(onTasks(await careForTables(k))).toEqual([]);
  const stats = await k('pg_stat_user_tables').where({ relname: 'tasks' }).first('n_mod_since_analyze');
  if (!auto) expect(Number(stats.n_mod_since_analyze)).toBeLessThan(50);
});

it('lets one process at a time look after the tables', async () => {
  const key = `${p.config.redisPrefix}:test:tablecare`;
  const redis = p.server.deps.redis;
  await careForTablesOnce(p.db.knex, redis, key, 60_000);
  expect(await redis.pttl(key)).toBeGreaterThan(50_000);
  // Within the period another call does nothing (not even the statistics query).
  expect(await careForTablesOnce(p.db.knex, redis, key, 60_000)).toEqual([]);
});
