// Call records: the detail (opening marks it read), focus, moving records into my customers, the
// allocation to subordinates (SPEC §4 modes, the customers' share rule), repeat dial into a task and
// the filtered delete. Batch actions take chosen ids (every one must be in reach, else 404) or a filter.
import type { Knex } from 'knex';
import { phoneHash } from '../../../../platform/secrets';
import type {
  CallRecordDetail,
  CallRecordView,
  MoveReply,
  RepeatDialReply,
} from '../../../../domain/callRecords';
import { AllocationMode, Stage } from '../../../../domain/crm';
import type { Deps } from '../../deps';
import { below, type Actor } from '../../db/scope';
import { AppError, fieldError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { blacklistedHashes } from '../crm/blacklist/repo';
import { ALLOCATE_MAX, shares, type Share } from '../crm/customers/allocate';
import { mine } from '../crm/customers/repo';
import { findTask, insertNumbers, ownerOf, type NewNumber } from '../tasks/repo';
import { nodeIsRemote, voiceRefs } from './audio';
import { findByUuid, linesOf, presentRow, records, selectedIds, turnsKey, withTurns } from './repo';
import { turnsOf } from './turns';
import type { AllocateInput, Filter } from './schema';
import {
  allocateCalls,
  deleteCalls,
  linkCustomerToCalls,
  markRead,
  setCallsFocus,
} from '../../../../platform/callRecord';

type Sel = { ids?: number[]; filter?: Filter };

/** Most records one filtered batch action takes; larger sets are refused, never cut silently. */
export const BATCH_MAX = ALLOCATE_MAX;

const hashOf = (deps: Deps) => (digits: string) => phoneHash(deps.config.secretKey, digits);

/** One record with its conversation; opening it marks it read. */
export async function getDetail(
  deps: Deps,
  auth: AuthContext,
  view: CallRecordView,
  uuid: string,
): Promise<CallRecordDetail> {
  const row = await findByUuid(deps.db, auth.actor, view, uuid);
  if (!row) throw notFound();
  if (!row.read) {
    await markRead(deps.db, row.id);
    row.read = true;
  }
  const lines = await linesOf(deps.db, Number(row.id));
  const remote = await nodeIsRemote(deps.db, row.fs_node);
  const voices = await voiceRefs(uuid, view, row.recording_path, lines, remote);
  const turns = (await turnsOf(deps.db, [turnsKey(row)])).get(Number(row.id));
  return {
    ...withTurns(presentRow(row), turns),
    sipStatus: row.sip_status === null ? null : Number(row.sip_status),
    // What the transcript shows; the engine's count for a call without one.
    rounds: lines.length ? (turns?.rounds ?? 0) : Number(row.rounds),
    reason: row.reason,
    ...voices,
  };
}

export async function setFocus(
  deps: Deps,
  auth: AuthContext,
  view: CallRecordView,
  uuid: string,
  focus: boolean,
) {
  const n = await setCallsFocus(
    deps.db,
    records(deps.db, auth.actor, view).where('k.call_uuid', uuid).select('k.id'),
    focus,
  );
  if (!n) throw notFound();
  return { focus };
}

/** What moveToCustomers reads of each record. */
interface MoveRow {
  id: string;
  phone_hash: string;
  result_level: number | null;
  grade: number | null;
  created_at: Date;
  tn_phone: string | null;
  name: string;
}

/** What repeatDial reads of each record (the customer and task number are left joins). */
interface RepeatRow {
  phone_hash: string;
  phone_masked: string;
  customer_id: string | null;
  tn_phone: string | null;
  c_phone: string | null;
  hidden: boolean;
  name: string;
}

/**
 * The selected record rows (`cols`) in reach. Chosen ids must all be in reach (else 404); a filter
 * selecting more than BATCH_MAX is refused.
 */
async function selectRows<Row>(
  deps: Deps,
  db: Knex | Knex.Transaction,
  actor: Actor,
  view: CallRecordView,
  sel: Sel,
  cols: (string | Knex.Raw)[],
  lock = false,
): Promise<Row[]> {
  const ids = sel.ids && [...new Set(sel.ids)];
  const q = selectedIds(db, actor, view, { ...sel, ids }, hashOf(deps), BATCH_MAX + 1);
  if (lock) q.forUpdate('k').skipLocked();
  // The caller's columns make the row: it names its shape with them.
  const rows = (await q.select(cols)) as Row[];
  if (ids && rows.length !== ids.length) throw notFound();
  if (rows.length > BATCH_MAX) throw fieldError('filter', 'allocateTooMany', { max: BATCH_MAX });
  return rows;
}

/** Whether the selection is valid and in reach before any work (404 for ids out of reach). */
export async function assertSelection(deps: Deps, auth: AuthContext, view: CallRecordView, sel: Sel) {
  if (!sel.ids) return;
  const ids = [...new Set(sel.ids)];
  const n = await records(deps.db, auth.actor, view).whereIn('k.id', ids).count({ n: '*' });
  if (Number(n[0]!.n) !== ids.length) throw notFound();
}

// ---- move to the customer center ----

/**
 * Each record's number becomes (or updates) one of my customers: an existing customer of the caller's
 * subtree with the same number is updated (grade, last call, a new customer becomes "AI first visit"),
 * else a customer is created for the caller. A number only known hidden, and never seen clear, cannot
 * make a new customer and is skipped. Records are linked to their customer.
 */
export async function moveToCustomers(
  deps: Deps,
  auth: AuthContext,
  view: CallRecordView,
  sel: Sel,
): Promise<MoveReply> {
  const { actor } = auth;
  return deps.db.transaction(async (trx) => {
    const rows = await selectRows<MoveRow>(deps, trx, actor, view, sel, [
      'k.id',
      'k.phone_hash',
      'k.result_level',
      'k.grade',
      'k.created_at',
      'tn.phone as tn_phone',
      trx.raw("coalesce(nullif(c.name, ''), tn.name, '') as name"),
    ]);
    // The newest record of each number decides what the customer gets.
    const byHash = new Map<string, MoveRow>();
    for (const r of rows) {
      const seen = byHash.get(r.phone_hash);
      if (!seen || new Date(r.created_at) > new Date(seen.created_at)) byHash.set(r.phone_hash, r);
    }
    const hashes = [...byHash.keys()];
    const existing = hashes.length
      ? await mine(trx, actor)
          .whereRaw('c.phone_hash = any(?::text[])', [hashes])
          .orderBy('c.id')
          .forUpdate()
          .select<{ id: string; phone_hash: string }[]>('c.id', 'c.phone_hash')
      : [];
    const customerOf = new Map<string, number>();
    for (const c of existing) if (!customerOf.has(c.phone_hash)) customerOf.set(c.phone_hash, Number(c.id));
    const out: MoveReply = { created: 0, updated: 0, skipped: 0 };
    for (const [hash, r] of byHash) {
      const gradeCode = r.result_level ?? r.grade;
      const id = customerOf.get(hash);
      if (id) {
        await trx('customers')
          .where({ id })
          .update({
            grade: gradeCode,
            stage: trx.raw('CASE WHEN stage = ? THEN ? ELSE stage END', [Stage.New, Stage.AiFirstVisit]),
            last_called_at: trx.raw('greatest(last_called_at, ?::timestamptz)', [r.created_at]),
            updated_at: trx.fn.now(),
          });
        out.updated++;
      } else if (r.tn_phone) {
        const [c] = await trx('customers')
          .insert({
            account_id: actor.id,
            name: String(r.name).slice(0, 64),
            phone: r.tn_phone,
            phone_hash: hash,
            grade: gradeCode,
            stage: Stage.AiFirstVisit,
            last_called_at: r.created_at,
          })
          .returning('id');
        customerOf.set(hash, Number(c.id));
        out.created++;
      } else out.skipped++;
    }
    for (const [hash, customerId] of customerOf) {
      const ids = rows.filter((r) => r.phone_hash === hash).map((r) => Number(r.id));
      if (ids.length) await linkCustomerToCalls(trx, ids, customerId);
    }
    return out;
  });
}

// ---- allocation to subordinates ----

/** Hands the selected records to the caller (0), evenly to subordinates (1) or by quantity (2). */
export async function allocateRecords(
  deps: Deps,
  auth: AuthContext,
  view: CallRecordView,
  v: AllocateInput,
): Promise<{ allocated: Share[] }> {
  const { db } = deps;
  const { actor } = auth;
  const targets = v.targets ?? [];
  const quantities = v.quantities ?? [];
  // Targets strictly below the caller; anyone else (itself, its superior, another tree) looks missing.
  if (targets.length) {
    const found = await below(db('accounts'), actor).whereIn('id', targets).select('id');
    if (found.length !== targets.length) throw notFound();
  }
  await assertSelection(deps, auth, view, v);
  if (v.mode === AllocationMode.ByQuantity && quantities.reduce((a, b) => a + b, 0) > BATCH_MAX)
    throw fieldError('quantities', 'validation.quantities');
  return db.transaction(async (trx) => {
    // Rows another allocation holds are skipped: no record is handed out twice.
    const rows = await selectRows<{ id: string }>(deps, trx, actor, view, v, ['k.id'], true);
    const plan = shares(v.mode, rows.length, actor.id, targets, quantities);
    if (!plan) throw fieldError('quantities', 'validation.quantities');
    let at = 0;
    for (const s of plan) {
      const slice = rows.slice(at, at + s.count).map((r) => Number(r.id));
      at += s.count;
      if (slice.length) await allocateCalls(trx, slice, s.accountId);
    }
    return { allocated: plan };
  });
}

// ---- repeat dial ----

/** Puts the selected records' numbers into a task of the subtree; numbers already there are skipped. */
export async function repeatDial(
  deps: Deps,
  auth: AuthContext,
  view: CallRecordView,
  v: Sel & { taskId: number },
): Promise<RepeatDialReply> {
  const { db } = deps;
  const task = await findTask(db, auth.actor, v.taskId);
  if (!task) throw notFound();
  if (task.status === 100) throw new AppError(409, 409, 'badRequest', {}, { reason: 'terminated' });
  const rows = await selectRows<RepeatRow>(deps, db, auth.actor, view, v, [
    'k.phone_hash',
    'k.phone_masked',
    'c.id as customer_id',
    'tn.phone as tn_phone',
    'c.phone as c_phone',
    db.raw('c.phone_cipher is not null as hidden'),
    db.raw("coalesce(nullif(c.name, ''), tn.name, '') as name"),
  ]);
  const skipped = { duplicate: 0, exists: 0, blacklisted: 0, noNumber: 0 };
  const seen = new Set<string>();
  const candidates: NewNumber[] = [];
  for (const r of rows) {
    if (seen.has(r.phone_hash)) {
      skipped.duplicate++;
      continue;
    }
    seen.add(r.phone_hash);
    // Clear digits when known; a hidden number is dialed through its customer (phone null).
    const phone: string | null = r.tn_phone ?? (r.customer_id && !r.hidden ? r.c_phone : null);
    if (!phone && !(r.customer_id && r.hidden)) {
      skipped.noNumber++;
      continue;
    }
    candidates.push({
      customerId: r.customer_id === null ? null : Number(r.customer_id),
      phone,
      phoneHash: r.phone_hash,
      phoneMasked: r.phone_masked,
      name: r.name,
    });
  }
  const owner = (await ownerOf(db, Number(task.account_id)))!;
  const blocked = await blacklistedHashes(
    db,
    owner,
    candidates.map((c) => c.phoneHash),
  );
  const allowed = candidates.filter((c) => !blocked.has(c.phoneHash));
  skipped.blacklisted = candidates.length - allowed.length;
  const added = await insertNumbers(db, { id: Number(task.id), accountId: Number(task.account_id) }, allowed);
  skipped.exists = allowed.length - added;
  return { added, skipped };
}

// ---- filtered delete ----

/** Deletes the selected ended records with their conversation lines (a live call is left alone). */
export async function deleteRecords(
  deps: Deps,
  auth: AuthContext,
  view: CallRecordView,
  sel: Sel,
): Promise<{ deleted: number }> {
  await assertSelection(deps, auth, view, sel);
  let deleted = 0;
  // Batches keep each statement's locks and WAL small on a filter matching millions.
  for (;;) {
    const batch = selectedIds(deps.db, auth.actor, view, sel, hashOf(deps), 5000)
      .where('k.status', 'ended')
      .select('k.id');
    const n = await deleteCalls(deps.db, batch);
    deleted += n;
    if (n < 5000 || sel.ids) return { deleted };
  }
}
