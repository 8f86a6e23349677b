// The one database-error mapper, fed real PostgreSQL (and Knex pool) errors: each SQLSTATE class
// becomes its status and message, and through the real envelope the client gets a clean reply with
// Retry-After where trying again helps, never PostgreSQL's own text.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import knexFactory, { type Knex } from 'knex';
import { createTestDb, type TestDb } from '../../../test/db';
import { envelope } from '../http/envelope';
import { dbFailureOf, isSerializationFailure, isUniqueViolation, sqlStateOf } from './pgErrors';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  await db.knex.raw(`
    CREATE TABLE q4_parent (id int PRIMARY KEY, name text UNIQUE);
    CREATE TABLE q4_child (id int PRIMARY KEY, parent_id int NOT NULL REFERENCES q4_parent (id),
      qty int CHECK (qty >= 0));
    INSERT INTO q4_parent VALUES (1, 'one'), (2, 'two');`);
});
afterAll(() => db.drop());

/** The error a statement raises (it must raise one). */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error('the statement did not fail');
}

const raw =
  (sql: string, bindings: readonly Knex.RawBinding[] = []) =>
  () =>
    db.knex.raw(sql, bindings);

describe('dbFailureOf with real PostgreSQL errors', () => {
  it.each([
    ['22P02 text that is no integer', "select 'x'::int", [], '22P02'],
    ['22008 an impossible day', "select '2026-02-31'::date", [], '22008'],
    ['22008 year zero', "select '0000-01-01'::timestamptz", [], '22008'],
    ['22007 a date that is no date', "select '2026-99-99x'::date", [], '22007'],
    ['22003 a number beyond bigint', 'select ?::bigint', ['99999999999999999999'], '22003'],
    ['22021 a NUL in text', 'select ?::text', ['a\u0000b'], '22021'],
  ])('%s → 400 db.badValue', async (_n, sql, bindings, state) => {
    const e = await errorOf(raw(sql, bindings as Knex.RawBinding[]));
    expect(sqlStateOf(e)).toBe(state);
    expect(dbFailureOf(e)).toEqual({ status: 400, key: 'db.badValue', reason: state });
  });

  it('22001 too long for a column, 23514 check and 23502 not null → 400', async () => {
    await db.knex.raw('CREATE TABLE q4_short (s varchar(3))');
    for (const [run, state] of [
      [() => db.knex('q4_short').insert({ s: 'abcdef' }), '22001'],
      [() => db.knex('q4_child').insert({ id: 9, parent_id: 1, qty: -1 }), '23514'],
      [() => db.knex('q4_child').insert({ id: 9, parent_id: null }), '23502'],
    ] as const) {
      const e = await errorOf(run);
      expect(dbFailureOf(e)).toEqual({ status: 400, key: 'db.badValue', reason: state });
    }
  });

  it('23505 unique → 409 db.conflict; 23503 foreign key → 409 db.reference', async () => {
    const dup = await errorOf(() => db.knex('q4_parent').insert({ id: 3, name: 'one' }));
    expect(isUniqueViolation(dup)).toBe(true);
    expect(dbFailureOf(dup)).toEqual({ status: 409, key: 'db.conflict', reason: '23505' });
    const orphan = await errorOf(() => db.knex('q4_child').insert({ id: 1, parent_id: 99 }));
    expect(dbFailureOf(orphan)).toEqual({ status: 409, key: 'db.reference', reason: '23503' });
    await db.knex('q4_child').insert({ id: 1, parent_id: 2 });
    const inUse = await errorOf(() => db.knex('q4_parent').where({ id: 2 }).delete());
    expect(dbFailureOf(inUse)).toEqual({ status: 409, key: 'db.reference', reason: '23503' });
  });

  it('40P01 deadlock → 503 db.busy, retry after 1 s', async () => {
    // Two transactions lock rows 1 and 2 in opposite orders: PostgreSQL kills one of them.
    const [a, b] = [await db.knex.transaction(), await db.knex.transaction()];
    await a.raw('select * from q4_parent where id = 1 for update');
    await b.raw('select * from q4_parent where id = 2 for update');
    const results = await Promise.allSettled([
      a.raw('select * from q4_parent where id = 2 for update'),
      b.raw('select * from q4_parent where id = 1 for update'),
    ]);
    await Promise.allSettled([a.rollback(), b.rollback()]);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    const e = failed[0]!.reason;
    expect(sqlStateOf(e)).toBe('40P01');
    expect(isSerializationFailure(e)).toBe(true);
    expect(dbFailureOf(e)).toEqual({ status: 503, key: 'db.busy', retryAfterS: 1, reason: '40P01' });
  });

  it('40001 serialisation failure → 503 db.busy, retry after 1 s', async () => {
    // Write skew under SERIALIZABLE: each reads what the other writes.
    const [a, b] = [
      await db.knex.transaction({ isolationLevel: 'serializable' }),
      await db.knex.transaction({ isolationLevel: 'serializable' }),
    ];
    await a.raw('select sum(id) from q4_parent');
    await b.raw('select sum(id) from q4_parent');
    await a.raw("insert into q4_parent values (10, 'ten')");
    await a.commit();
    const e = await errorOf(() => b.raw("insert into q4_parent values (11, 'eleven')"));
    await b.rollback().catch(() => undefined);
    expect(sqlStateOf(e)).toBe('40001');
    expect(dbFailureOf(e)).toEqual({ status: 503, key: 'db.busy', retryAfterS: 1, reason: '40001' });
  });

  it('57014 statement timeout → 503, retry after 5 s', async () => {
    const e = await errorOf(() =>
      db.knex.transaction(async (trx) => {
        await trx.raw('set local statement_timeout = 50');
        await trx.raw('select pg_sleep(2)');
      }),
    );
    expect(dbFailureOf(e)).toEqual({ status: 503, key: 'db.busy', retryAfterS: 5, reason: '57014' });
  });

  it("the pool's acquire timeout → 503; other database errors → 500; non-database errors → null", async () => {
    const tiny = knexFactory({
      client: 'pg',
      connection: db.url,
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 200,
    });
    try {
      const held = await tiny.transaction();
      const e = await errorOf(() => tiny.raw('select 1'));
      await held.rollback();
      expect(dbFailureOf(e)).toEqual({
        status: 503,
        key: 'db.busy',
        retryAfterS: 2,
        reason: 'KnexTimeoutError',
      });
    } finally {
      await tiny.destroy();
    }
    const missing = await errorOf(raw('select * from q4_no_such_table'));
    expect(dbFailureOf(missing)).toEqual({ status: 500, key: 'serverError', reason: '42P01' });
    expect(dbFailureOf(new Error('boom'))).toBeNull();
    expect(dbFailureOf(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBeNull();
    expect(dbFailureOf(null)).toBeNull();
  });
});

describe('the envelope answers a database failure cleanly', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    // The real envelope middleware in front of handlers that run failing SQL.
    const app = new Koa();
    app.silent = true;
    app.use(envelope);
    app.use(async (ctx) => {
      const sql = ctx.query.sql as string;
      if (sql === 'deadlock') {
        const [a, b] = [await db.knex.transaction(), await db.knex.transaction()];
        await a.raw('select * from q4_parent where id = 1 for update');
        await b.raw('select * from q4_parent where id = 2 for update');
        const r = await Promise.allSettled([
          a.raw('select * from q4_parent where id = 2 for update'),
          b.raw('select * from q4_parent where id = 1 for update'),
        ]);
        await Promise.allSettled([a.rollback(), b.rollback()]);
        throw r.find((x): x is PromiseRejectedResult => x.status === 'rejected')!.reason;
      }
      await db.knex.raw(sql, ctx.query.arg !== undefined ? [ctx.query.arg as string] : []);
      ctx.body = { code: 200 };
    });
    server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = async (sql: string, arg?: string, lang = 'en') => {
    const qs = new URLSearchParams({ sql, ...(arg !== undefined ? { arg } : {}) });
    const res = await fetch(`${url}/?${qs}`, { headers: { 'accept-language': lang } });
    return { status: res.status, retry: res.headers.get('retry-after'), text: await res.text() };
  };

  it.each([
    ["select '2026-02-31'::date", undefined, 400, 400],
    ['select ?::text', 'a\u0000b', 400, 400],
    ['select ?::bigint', '99999999999999999999', 400, 400],
    ["insert into q4_parent values (1, 'again')", undefined, 409, 409],
    ['select * from q4_no_such_table', undefined, 500, 500],
  ])('%s %j → %s', async (sql, arg, status, code) => {
    const r = await call(sql, arg);
    expect(r.status).toBe(status);
    const body = JSON.parse(r.text) as { code: number; message: string; data: unknown };
    expect(body.code).toBe(code);
    expect(body.data).toBeNull();
    // Nothing of PostgreSQL's reply or the SQL reaches the client.
    expect(r.text).not.toMatch(/q4_|select|insert|invalid|syntax|out of range|duplicate|UTF8|relation/i);
  });

  it('a deadlock is 503 with Retry-After, in the caller’s language', async () => {
    const en = await call('deadlock');
    expect(en.status).toBe(503);
    expect(en.retry).toBe('1');
    expect(JSON.parse(en.text)).toEqual({
      code: 503,
      message: 'The system is busy; please try again shortly',
      data: null,
    });
    const zh = await call('deadlock', undefined, 'zh-CN');
    expect(JSON.parse(zh.text).message).toBe('系统繁忙，请稍后重试');
  });
});
