// The demo floor `npm start` sets up: on a fresh database the demo bots' transfer target (seat group
// 1) is merchant01's demo group, operator01 works seat 8001, and both reception scenes exist; a
// second run adds nothing.
import knexFactory, { type Knex } from 'knex';
import { loadConfig } from '../config';
import { setupDatabase } from './db-setup';
import { DEMO_FLOOR, seedDemoFloor } from './demo-floor';
import { createDatabase, dropDatabase, withDatabase } from './lib/db';

const base = loadConfig().databaseUrl;
const name = `callplat_test_floor_${process.pid}`;
let db: Knex;

beforeAll(async () => {
  await createDatabase(base, name);
  db = knexFactory({ client: 'pg', connection: withDatabase(base, name), pool: { min: 0, max: 2 } });
}, 120_000);
afterAll(async () => {
  await db.destroy();
  await dropDatabase(base, name);
});

it('seeds the demo floor once, where the demo bots transfer to', async () => {
  await setupDatabase(withDatabase(base, name));
  await setupDatabase(withDatabase(base, name));
  const merchant = await db('accounts').where({ account: 'merchant01' }).first('id');
  const operator = await db('accounts').where({ account: 'operator01' }).first('id');
  const groups = await db('seat_groups').select('id', 'account_id', 'name');
  expect(groups).toEqual([{ id: '1', account_id: merchant.id, name: DEMO_FLOOR.group }]);
  const seats = await db('seats').select('group_id', 'user_id', 'extension', 'type', 'enabled');
  expect(seats).toEqual([
    { group_id: '1', user_id: operator.id, extension: '8001', type: 'extension', enabled: true },
  ]);
  const scenes = await db('scenes')
    .orderBy('did')
    .select('did', 'target', 'bot_id', 'seat_group_id', 'line_id');
  expect(scenes).toHaveLength(2);
  expect(scenes[0]).toMatchObject({ did: '4008001000', target: 'bot', seat_group_id: null });
  expect(scenes[0].bot_id).not.toBeNull();
  expect(scenes[0].line_id).not.toBeNull();
  expect(scenes[1]).toMatchObject({
    did: '4008002000',
    target: 'seatGroup',
    seat_group_id: '1',
    bot_id: null,
  });
  // The scenes' numbers are numbers of their line (calls are routed by number and line).
  const line = await db('sip_lines').where({ id: scenes[0].line_id }).first('dids');
  expect(line.dids).toEqual(expect.arrayContaining(['4008001000', '4008002000']));
}, 120_000);

it('points the demo bots at the demo group when it is not group 1', async () => {
  const merchant = await db('accounts').where({ account: 'merchant01' }).first('id');
  // A floor set up on a database that already had a group: the demo group gets another id.
  await db('scenes').del();
  await db('seats').del();
  await db('seat_groups').del();
  await db('seat_groups').insert({ account_id: merchant.id, name: '早先的组' });
  await seedDemoFloor(db);
  const group = await db('seat_groups').where({ name: DEMO_FLOOR.group }).first('id');
  expect(Number(group.id)).not.toBe(1);
  const targets = (def: unknown) =>
    [...JSON.stringify(def).matchAll(/"seatGroupId":(\d+)/g)].map((m) => Number(m[1]));
  const bots = await db('bots').where({ account_id: merchant.id }).select('id', 'draft');
  expect(bots.length).toBeGreaterThan(0);
  for (const b of bots) {
    expect(new Set(targets(b.draft))).toEqual(new Set([Number(group.id)]));
    for (const v of await db('bot_versions').where({ bot_id: b.id }).select('definition'))
      expect(new Set(targets(v.definition))).toEqual(new Set([Number(group.id)]));
  }
  // Another account's bots (the super administrator's templates) are left alone.
  const templates = await db('bots').whereNot({ account_id: merchant.id }).select('draft');
  for (const t of templates) expect(targets(t.draft).every((g) => g === 1)).toBe(true);
}, 120_000);
