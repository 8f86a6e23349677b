// The demo floor `npm start` sets up: on a fresh database the demo bots' transfer target (seat group
// 1) is merchant01's demo group, operator01 works seat 8001, and both reception scenes exist; a
// second run adds nothing.
import knexFactory, { type Knex } from 'knex';
import { loadConfig } from '../config';
import { setupDatabase } from './db-setup';
import { DEMO_FLOOR } from './demo-floor';
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
}, 120_000);
