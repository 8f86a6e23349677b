// Validation at the edge (issue #21 item 6): impossible dates, forged or oversized cursors, ids
// beyond bigint, NaN, negatives, enums outside their set and control characters are a 400 envelope
// naming the field on every list, export and batch route, never a 500. The routes are read from the
// router itself (apiRouter) and the parameter names from every module schema, so a route or filter
// added later is walked too.
import fs from 'node:fs';
import path from 'node:path';
import { translate } from '../../../domain/messages';
import { apiRouter } from '../app';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { insertCustomer, loggedIn } from '../../../test/fixtures';
import type { ApiClient } from '../../../test/apiClient';
import { filterSchema as customerFilter } from '../modules/crm/customers/schema';
import { filterSchema as recordFilter } from '../modules/callrecords/schema';

let p: TestPlatform;
let admin: ApiClient;
let m1: ApiClient;
beforeAll(async () => {
  p = await startTestPlatform();
  admin = await loggedIn(p, 'superadmin');
  m1 = await loggedIn(p, 'merchant01');
});
afterAll(() => p.close());

interface Answer {
  status: number;
  /** The envelope, or null for a reply that is not JSON (a file). */
  body: { code?: unknown; message?: unknown; data?: { errors?: { path: string; message: string }[] } } | null;
  retryAfter: string | null;
}

async function send(
  c: ApiClient,
  method: string,
  url: string,
  body?: unknown,
  lang = 'zh-CN',
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${c.token}`,
    cookie: `Auth=${c.cookie}`,
    'accept-language': lang,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(p.url + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Answer['body'];
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
}

const fieldsOf = (a: Answer) => (a.body?.data?.errors ?? []).map((e) => e.path);
const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();

/** Every key of every object schema the modules export: the names any query or body may carry. */
function schemaKeys(): string[] {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const f of fs.readdirSync(dir)) {
      const full = path.join(dir, f);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (/schema\.ts$/i.test(f) && !f.includes('.test.')) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const mod = require(full) as Record<string, unknown>;
        for (const v of Object.values(mod)) {
          const shape = (v as { shape?: unknown } | null)?.shape;
          if (shape && typeof shape === 'object') for (const k of Object.keys(shape)) keys.add(k);
        }
      }
    }
  };
  walk(path.resolve(__dirname, '..', 'modules'));
  return [...keys].sort();
}

const routes = (method: string) =>
  apiRouter(p.server.deps)
    .stack.filter((l) => l.methods.includes(method) && typeof l.path === 'string')
    .map((l) => l.path as string);

/** The bad values of the probe: impossible dates, oversized and forged numbers, NaN, control characters. */
const BAD = [
  '2026-02-31',
  '0000-01-01',
  '2026-99-99',
  '2026-01-01T25:61:00Z',
  '+275760-09-13',
  // Long, but every key at once must stay under Node's 16 KB request head (longer cursors: below).
  'A'.repeat(60),
  '99999999999999999999',
  '9223372036854775808',
  '-1',
  'NaN',
  '1e309',
  'x\u0000y',
  '\u0001',
];

/** Good values for parameters a route needs before it looks at the others. */
const today = new Date().toISOString().slice(0, 10);
const GOOD: Record<string, string> = { kind: 'single', view: 'dialrecord', from: today, to: today };

/** Runs the jobs `width` at a time; results in job order. */
async function inParallel<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

/** What the database mapper says (lib/pgErrors): the edge let through a value PostgreSQL refused. */
const DB_MESSAGES = new Set(
  (['db.badValue', 'db.conflict', 'db.reference', 'db.busy'] as const).map((k) => translate('zh-CN', k)),
);

/** A 5xx, a database refusal (the validation should have refused first), or no SPEC §8 envelope. */
function problem(a: Answer, what: string): string | null {
  if (a.status >= 500) return `${what}: ${a.status} ${JSON.stringify(a.body)}`;
  if (DB_MESSAGES.has(a.body?.message as string)) return `${what}: the database refused it (${a.status})`;
  if (a.status >= 400 && (typeof a.body?.code !== 'number' || typeof a.body?.message !== 'string'))
    return `${what}: ${a.status} without the envelope`;
  return null;
}

/**
 * Sends every known parameter at once with the bad value; each field the 400 names is then set to a
 * good value (or dropped) and the rest sent again, so a refusal of one never hides a 500 of another.
 * A strict schema (unknown keys refused as a whole) is walked one parameter at a time.
 */
async function walkQuery(c: ApiClient, route: string, keys: string[], bad: string): Promise<string[]> {
  const found: string[] = [];
  const url = route.replace(/:[A-Za-z]+/g, '1');
  const params: Record<string, string> = Object.fromEntries(keys.map((k) => [k, bad]));
  const dropped = new Set<string>();
  for (let round = 0; round < 40; round++) {
    const a = await send(c, 'GET', `${url}?${qs(params)}`);
    const pb = problem(a, `GET ${route} ${JSON.stringify(bad.slice(0, 24))}`);
    if (pb) return [pb];
    if (a.status !== 400) break;
    const named = fieldsOf(a).map((f) => f.split('.')[0]!);
    if (named.includes('')) {
      for (const k of keys) {
        const one = await send(c, 'GET', `${url}?${qs({ ...GOOD, [k]: bad })}`);
        const p1 = problem(one, `GET ${route} ${k}=${JSON.stringify(bad.slice(0, 24))}`);
        if (p1) found.push(p1);
      }
      break;
    }
    let changed = false;
    for (const k of named) {
      if (dropped.has(k)) continue;
      changed = true;
      if (params[k] === bad || !(k in params)) {
        if (GOOD[k]) params[k] = GOOD[k];
        else delete params[k];
      } else {
        // Refused even with its good value (a key this route does not take): leave it out.
        delete params[k];
        dropped.add(k);
      }
    }
    if (!changed) break;
  }
  return found;
}

describe('every GET route', () => {
  it('answers bad dates, cursors, ids, numbers, enums and control characters in any parameter without a 500', async () => {
    const keys = schemaKeys();
    expect(keys).toEqual(expect.arrayContaining(['after', 'from', 'to', 'createdFrom', 'dateFrom', 'limit']));
    const gets = routes('GET');
    expect(gets.length).toBeGreaterThan(60);
    const walks = [admin, m1].flatMap((c) =>
      gets.flatMap((route) => BAD.map((bad) => () => walkQuery(c, route, keys, bad))),
    );
    expect((await inParallel(walks, 6)).flat()).toEqual([]);
  }, 300_000);

  it('answers ids beyond bigint, negative, NaN, fractional and NUL path parameters without a 500', async () => {
    const found: string[] = [];
    for (const method of ['GET', 'PUT', 'POST', 'DELETE'])
      for (const route of routes(method).filter((r) => r.includes(':')))
        for (const v of [
          '99999999999999999999',
          '9007199254740993',
          '-1',
          'NaN',
          '0',
          '1.5',
          '1e3',
          '%00',
          '%01',
        ]) {
          const a = await send(
            admin,
            method,
            route.replace(/:[A-Za-z]+/g, v),
            method === 'GET' ? undefined : {},
          );
          const pb = problem(a, `${method} ${route} ${v}`);
          if (pb) found.push(pb);
          if (/:id(\/|$)/.test(route) && a.status === 400 && fieldsOf(a).length)
            expect(fieldsOf(a)).toEqual(expect.arrayContaining([expect.any(String)]));
        }
    expect(found).toEqual([]);
  });

  it.each([
    ['/api/crm/customers', { createdFrom: '2026-02-31' }, 'createdFrom'],
    ['/api/crm/customers', { importedTo: '0000-01-01' }, 'importedTo'],
    ['/api/crm/customers', { lastCalledFrom: '2026-99-99' }, 'lastCalledFrom'],
    ['/api/crm/customers', { lastFollowUpBefore: '2026-04-31T10:00:00Z' }, 'lastFollowUpBefore'],
    ['/api/crm/customers', { ownerId: '99999999999999999999' }, 'ownerId'],
    ['/api/crm/customers', { stage: '999' }, 'stage'],
    ['/api/crm/customers', { sort: 'password' }, 'sort'],
    ['/api/crm/customers', { name: 'a\u0000b' }, 'name'],
    ['/api/crm/customers', { after: 'A'.repeat(201) }, 'after'],
    ['/api/callrecords', { view: 'dialrecord', after: 'A'.repeat(8000) }, 'after'],
    ['/api/crm/customers', { after: '../../etc' }, 'after'],
    ['/api/callrecords', { view: 'dialrecord', from: '2026-02-31' }, 'from'],
    ['/api/callrecords', { view: 'dialrecord', to: '0000-01-01T00:00:00Z' }, 'to'],
    ['/api/callrecords', { view: 'dialrecord', taskId: '-1' }, 'taskId'],
    ['/api/callrecords', { view: 'dialrecord', levels: '1,NaN' }, 'levels.1'],
    ['/api/callrecords', { view: 'nope' }, 'view'],
    ['/api/seats/figures', { from: '2026-02-31', to: today }, 'from'],
    ['/api/seats/figures', { from: today, to: '0000-01-01' }, 'to'],
    ['/api/tasks', { kind: 'single', dateFrom: '2026-02-30' }, 'dateFrom'],
    ['/api/tasks', { kind: 'single', dateTo: '0000-01-01' }, 'dateTo'],
    ['/api/tasks', { kind: 'evil' }, 'kind'],
    ['/api/accounts', { q: 'x\u0000' }, 'q'],
    ['/api/accounts', { afterId: '1e309' }, 'afterId'],
    ['/api/crm/sea', { name: 'a\u0000' }, 'name'],
    ['/api/bots', { name: '\u0007' }, 'name'],
    ['/api/finance/ledger', { beforeId: '9223372036854775808' }, 'beforeId'],
  ])('GET %s %j → 400 naming %s', async (route, params, field) => {
    const a = await send(admin, 'GET', `${route}?${qs(params)}`);
    expect(a.status).toBe(400);
    expect(a.body?.code).toBe(400);
    expect(fieldsOf(a)).toContain(field);
  });

  it('names the field and says why, in the caller’s language', async () => {
    const zh = await send(admin, 'GET', `/api/crm/customers?${qs({ createdFrom: '2026-02-31' })}`);
    expect(zh.body?.data?.errors).toEqual([{ path: 'createdFrom', message: '日期格式不正确' }]);
    const en = await send(admin, 'GET', `/api/crm/customers?${qs({ name: 'a\u0000b' })}`, undefined, 'en');
    expect(en.body).toEqual({
      code: 400,
      message: 'Invalid request',
      data: { errors: [{ path: 'name', message: 'Must not contain control characters (such as NUL)' }] },
    });
  });
});

describe('forged keyset cursors', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const customerCursors = [
    b64(['createdAt', '2026-02-31 00:00:00+00', 1]),
    b64(['createdAt', '0000-01-01 00:00:00+00', 1]),
    b64(['createdAt', '2026-99-99 25:99:99+00', 1]),
    b64(['importedAt', '2026-01-01 00:00:00+99', 1]),
    b64(['score', 2 ** 40, 1]),
    b64(['score', 1, 1e300]),
    b64(['id', null, 1e20]),
    b64(['id', null, -1]),
    b64(['id', null, 'NaN']),
    b64(['id', null, 1, 'extra']),
    b64({ sort: 'id' }),
    Buffer.from('not json\u0000').toString('base64url'),
  ];
  const recordCursors = [
    b64(['2026-02-31 00:00:00+00', 1]),
    b64(['2026-99-99 25:99:99+00', 1]),
    b64(['0000-01-01 00:00:00+00', 1]),
    b64(['2026-01-01 00:00:00+00', 1e20]),
    b64(['2026-01-01 00:00:00+00', 0]),
    b64([null, 1]),
  ];

  it('a forged customer-list cursor is a 400 on "after", for every sort', async () => {
    for (const after of customerCursors)
      for (const sort of ['id', 'importedAt', 'createdAt', 'score', 'lastCalledAt']) {
        const a = await send(admin, 'GET', `/api/crm/customers?${qs({ sort, after })}`);
        expect([a.status, fieldsOf(a)]).toEqual([400, ['after']]);
      }
  });

  it('a forged call-record cursor is a 400 on "after" (the list and a customer’s calls)', async () => {
    const id = await insertCustomer(
      p,
      Number((await p.db.knex('accounts').where({ account: 'superadmin' }).first('id')).id),
    );
    for (const after of recordCursors) {
      const list = await send(admin, 'GET', `/api/callrecords?${qs({ view: 'dialrecord', after })}`);
      expect([list.status, fieldsOf(list)]).toEqual([400, ['after']]);
      const calls = await send(admin, 'GET', `/api/crm/customers/${id}/calls?${qs({ after })}`);
      expect([calls.status, fieldsOf(calls)]).toEqual([400, ['after']]);
    }
  });
});

describe('batch and export routes with a filter', () => {
  // The routes that take a customer or call-record filter in their body, with a body that is valid
  // except for the filter.
  const customerRoutes: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/crm/customers/allocate', { mode: 0 }],
    ['POST', '/api/crm/exports', { format: 'csv', password: 'demo1234' }],
    ['POST', '/api/tasks/numbers/preview', { source: 'customers' }],
  ];
  const recordRoutes: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/callrecords/exports?view=dialrecord', { format: 'csv', password: 'demo1234' }],
    ['POST', '/api/callrecords/move?view=dialrecord', {}],
    ['POST', '/api/callrecords/allocate?view=dialrecord', { mode: 0 }],
    ['POST', '/api/callrecords/repeat-dial?view=dialrecord', { taskId: 1 }],
    ['DELETE', '/api/callrecords?view=dialrecord', { confirm: 'delete' }],
  ];
  const isDateKey = (k: string) => /(From|To|Before)$|^(from|to)$/.test(k);

  it.each([
    ...customerRoutes.map((r) => [...r, Object.keys(customerFilter.shape)] as const),
    ...recordRoutes.map((r) => [...r, Object.keys(recordFilter.shape)] as const),
  ])(
    '%s %s: every filter field with every bad value is a 400 (dates name filter.<field>), never a 500',
    async (method, url, base, keys) => {
      const found: string[] = [];
      for (const k of keys)
        for (const bad of [...BAD, 1e20, -1, true, { $gt: '' }, ['2026-02-31']]) {
          const a = await send(admin, method, url, { ...base, filter: { [k]: bad } });
          const pb = problem(a, `${method} ${url} filter.${k}=${JSON.stringify(bad).slice(0, 24)}`);
          if (pb) found.push(pb);
          if (isDateKey(k) && typeof bad === 'string' && !/^-1$|^NaN$|^9/.test(bad) && a.status !== 400)
            found.push(`${method} ${url} filter.${k}=${bad.slice(0, 24)} gave ${a.status}`);
          if (a.status === 400 && fieldsOf(a).length && !fieldsOf(a).some((f) => f.startsWith(`filter.${k}`)))
            found.push(`${method} ${url} filter.${k}: 400 names ${fieldsOf(a).join(',')}`);
        }
      expect(found).toEqual([]);
    },
  );
});

describe('control characters in every text input', () => {
  it('every route that reads a JSON body refuses NUL and C0 in any field, at any depth, with a 400', async () => {
    const keys = schemaKeys();
    const found: string[] = [];
    const refused = new Set<string>();
    // A throwaway session: some routes act on the caller (log out, change settings).
    const c = await loggedIn(p, 'superadmin');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      for (const route of routes(method)) {
        if (route === '/api/auth/logout') continue;
        // A missing id and (for a route that looks its object up first) one that exists.
        for (const url of [route.replace(/:[A-Za-z]+/g, '999999999'), route.replace(/:[A-Za-z]+/g, '1')])
          for (const bad of ['a\u0000b', '\u001b[2J', 'x\u007f']) {
            const a = await send(c, method, url, Object.fromEntries(keys.map((k) => [k, bad])));
            const pb = problem(a, `${method} ${route} ${JSON.stringify(bad)}`);
            if (pb) found.push(pb);
            if (a.body?.data?.errors?.some((e) => e.message === '不能包含控制字符（如 NUL）'))
              refused.add(`${method} ${route}`);
          }
        const url = route.replace(/:[A-Za-z]+/g, '1');
        const nested = await send(c, method, url, {
          filter: { name: 'a\u0000' },
          items: [{ remark: 'ok' }, { name: '\u0000' }],
        });
        const pn = problem(nested, `${method} ${route} nested`);
        if (pn) found.push(pn);
        // Numbers beyond bigint, negatives, fractions and impossible dates in every field as well.
        for (const bad of [1e20, -1, 0.5, '2026-02-31', '0000-01-01', '99999999999999999999']) {
          const a = await send(c, method, url, Object.fromEntries(keys.map((k) => [k, bad])));
          const pbn = problem(a, `${method} ${route} ${JSON.stringify(bad)}`);
          if (pbn) found.push(pbn);
        }
      }
    expect(found).toEqual([]);
    // Every body-reading route refuses it before its schema: far more than the 16 fields of the probe.
    expect(refused.size).toBeGreaterThan(60);
    // About 13 requests for each of some 230 routes, one after the other: 15 s quiet, 30+ under CI load.
  }, 120_000);

  it('names the field of a NUL in a create form, a nested list item and a key', async () => {
    const base = { name: '客户', phone: '13800138999' };
    const inName = await send(admin, 'POST', '/api/crm/customers', { ...base, name: 'a\u0000b' });
    expect([inName.status, fieldsOf(inName)]).toEqual([400, ['name']]);
    const inRemark = await send(admin, 'POST', '/api/crm/customers', { ...base, remarks: ['ok', 'b\u0000'] });
    expect([inRemark.status, fieldsOf(inRemark)]).toEqual([400, ['remarks.1']]);
    const inKey = await send(admin, 'POST', '/api/crm/customers', { ...base, ['na\u0000me']: 'x' });
    expect([inKey.status, fieldsOf(inKey)]).toEqual([400, ['na?me']]);
    const esc = await send(admin, 'POST', '/api/crm/customers', { ...base, company: 'ACME\u001b[31m' });
    expect([esc.status, fieldsOf(esc)]).toEqual([400, ['company']]);
    expect(await p.db.knex('customers').where({ phone: '13800138999' }).first()).toBeUndefined();
  });

  it('keeps tabs and line breaks in multi-line text', async () => {
    const c = await send(admin, 'POST', '/api/crm/customers', {
      name: '客户',
      phone: '13800138998',
      remarks: ['line 1\nline 2\r\n\tindented'],
    });
    expect(c.status).toBe(200);
    expect((await p.db.knex('customers').where({ phone: '13800138998' }).first()).remark1).toBe(
      'line 1\nline 2\r\n\tindented',
    );
  });
});
