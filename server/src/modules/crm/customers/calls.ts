// The calls of one of my customers (the customer drawer): the call records linked to it (the
// settlement links every call it updates the customer from, dialer/customerResult.ts) that the caller
// reaches, newest first; one of them opened with its transcript and voices. The call records module
// does the work (its tenant scope, columns, detail and voice urls): a customer out of reach is a 404,
// and so is a call that is not the customer's or not in the caller's subtree.
import type { Knex } from 'knex';
import type { CallRecordDetail, CallRecordPage, CallRecordView } from '../../../../../domain/callRecords';
import { VIEW_MENU } from '../../../../../domain/callRecords';
import type { Deps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/sessions';
import {
  decodeCursor,
  encodeCursor,
  presentRow,
  records,
  ROW_COLUMNS,
  withNames,
} from '../../callrecords/repo';
import type { PageRow } from '../../callrecords/rows';
import { getDetail } from '../../callrecords/service';
import { findMine } from './repo';

/**
 * The call-record view the caller's voice urls go through (/api/callrecords/:uuid/audio/:n?view=…
 * needs the view's menu): every record (crm/dialrecord), else the direction's own page. A caller
 * with none of them still reads the calls and transcripts; its voice urls answer 403.
 */
export function viewFor(menus: string[], direction: 'out' | 'in'): CallRecordView {
  if (menus.includes(VIEW_MENU.dialrecord)) return 'dialrecord';
  const own: CallRecordView = direction === 'in' ? 'callin' : 'callout';
  return menus.includes(VIEW_MENU[own]) ? own : 'dialrecord';
}

async function assertMine(db: Knex, auth: AuthContext, customerId: number): Promise<void> {
  if (!(await findMine(db, auth.actor, customerId))) throw notFound();
}

/** The customer's call records in reach, newest first, keyset-paged on (created_at, id). */
export async function customerCalls(
  deps: Deps,
  auth: AuthContext,
  customerId: number,
  page: { after?: string; limit: number },
): Promise<CallRecordPage> {
  const { db } = deps;
  await assertMine(db, auth, customerId);
  // Every call record of the subtree (no test calls), whatever page the caller holds.
  const q = withNames(records(db, auth.actor, 'dialrecord')).where('k.customer_id', customerId);
  if (page.after) {
    const c = decodeCursor(page.after);
    q.whereRaw('(k.created_at, k.id) < (?::timestamptz, ?)', [c.key, c.id]);
  }
  const rows = await q
    .orderBy([
      { column: 'k.created_at', order: 'desc' },
      { column: 'k.id', order: 'desc' },
    ])
    .limit(page.limit + 1)
    .select<PageRow[]>([
      ...ROW_COLUMNS,
      db.raw("coalesce(nullif(c.name, ''), tn.name, '') as name"),
      db.raw('k.created_at::text as sort_key'),
    ]);
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  const last = items[items.length - 1];
  return {
    items: items.map(presentRow),
    next: more && last ? encodeCursor(last.sort_key, Number(last.id)) : null,
  };
}

/** One call of the customer with its conversation and voice urls (opening it marks it read). */
export async function customerCall(
  deps: Deps,
  auth: AuthContext,
  customerId: number,
  uuid: string,
): Promise<CallRecordDetail> {
  const { db } = deps;
  await assertMine(db, auth, customerId);
  const call = await records(db, auth.actor, 'dialrecord')
    .where({ 'k.call_uuid': uuid, 'k.customer_id': customerId })
    .first<{ direction: 'out' | 'in' } | undefined>('k.direction');
  if (!call) throw notFound();
  return getDetail(deps, auth, viewFor(auth.menus, call.direction), uuid);
}
