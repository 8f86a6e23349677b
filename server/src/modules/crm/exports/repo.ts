// export_jobs rows and the customer rows an export reads. A caller only ever reaches its own exports
// (owner = the caller; the download list is personal); customers go through the customers module's
// scope and filter (mine + applyFilter), the one way to select customers.
import type { Knex } from 'knex';
import { type Actor } from '../../../db/scope';
import type { CustomerFilter } from '../customers/schema';
import { applyFilter, customerColumns, mine } from '../customers/repo';
import type { ExportCustomer } from './columns';
import type { ExportFormat } from '../../../files/writers';

/** Files are kept this long, then the export is listed as expired and its file is gone. */
export const KEEP_DAYS = 7;

/** What an export selects: the list filter, or given customer ids (both: ids within the filter). */
export interface Selection {
  filter?: CustomerFilter;
  customerIds?: number[];
}

export const nextExportId = async (db: Knex): Promise<number> =>
  Number((await db.raw("SELECT nextval('export_jobs_id_seq') AS id")).rows[0].id);

export async function insertExport(
  db: Knex,
  j: { id: number; accountId: number; format: ExportFormat; lang: string; selection: Selection },
) {
  const [row] = await db('export_jobs')
    .insert({
      id: j.id,
      account_id: j.accountId,
      created_by: j.accountId,
      kind: 'customers',
      format: j.format,
      lang: j.lang,
      filter: JSON.stringify(j.selection),
      status: 'queued',
      expires_at: db.raw(`now() + interval '${KEEP_DAYS} days'`),
    })
    .returning('*');
  return row;
}

/** One of the caller's own exports, or undefined (anyone else's id looks missing). */
export const findOwn = (db: Knex, accountId: number, id: number) =>
  db('export_jobs').where({ id, account_id: accountId }).first();

/** The caller's download list, newest first, keyset-paged by id. */
export const listOwn = (db: Knex, accountId: number, q: { limit: number; beforeId?: number }) =>
  db('export_jobs')
    .where({ account_id: accountId })
    .modify((b) => q.beforeId && b.where('id', '<', q.beforeId))
    .orderBy('id', 'desc')
    .limit(q.limit);

export const exportById = (db: Knex, id: number) => db('export_jobs').where({ id }).first();

export const updateExport = (db: Knex, id: number, patch: Record<string, unknown>) =>
  db('export_jobs').where({ id }).update(patch);

export async function actorOf(db: Knex, accountId: number): Promise<Actor> {
  const a = await db('accounts').where({ id: accountId }).first('id', 'level', 'path');
  return { id: Number(a.id), level: a.level, path: a.path };
}

/** The selected customers of the actor's scope, `size` at a time in id order (keyset: no OFFSET). */
export async function* selectedCustomers(
  db: Knex,
  actor: Actor,
  sel: Selection,
  phoneHashOf: (d: string) => string,
  size = 2000,
): AsyncGenerator<(ExportCustomer & { id: string })[]> {
  let after = 0;
  for (;;) {
    const q = applyFilter(mine(db, actor), sel.filter ?? {}, phoneHashOf).where('c.id', '>', after);
    if (sel.customerIds) q.whereIn('c.id', sel.customerIds);
    const rows = await q.orderBy('c.id').limit(size).select(customerColumns); // never phone_cipher: hidden numbers stay masked
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    after = Number(rows[rows.length - 1].id);
  }
}

/** Whether the selection matches at least one customer. */
export async function anySelected(
  db: Knex,
  actor: Actor,
  sel: Selection,
  phoneHashOf: (d: string) => string,
): Promise<boolean> {
  const q = applyFilter(mine(db, actor), sel.filter ?? {}, phoneHashOf);
  if (sel.customerIds) q.whereIn('c.id', sel.customerIds);
  return !!(await q.first('c.id'));
}

/** Tag names of each customer, in tag id order. */
export async function tagNamesOf(db: Knex, customerIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (!customerIds.length) return map;
  const rows: { customer_id: string; name: string }[] = await db('customer_tags as ct')
    .join('tags as t', 't.id', 'ct.tag_id')
    .whereRaw('ct.customer_id = any(?::bigint[])', [customerIds])
    .orderBy(['ct.customer_id', 'ct.tag_id'])
    .select('ct.customer_id', 't.name');
  for (const r of rows) {
    const list = map.get(Number(r.customer_id)) ?? [];
    list.push(r.name);
    map.set(Number(r.customer_id), list);
  }
  return map;
}
