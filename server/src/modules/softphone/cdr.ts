// A softphone call's charge, from the switch's CDR (POST /fsapi/cdr; domain/cdr.ts reads it). In one
// transaction: the dial record the browser opened (named in the INVITE's X-Callplat-Record header, and
// only if it is that seat's outgoing call), or a new one when the browser never said (a desk phone,
// a closed tab), gets the switch's talk time and hangup cause; the talk time is charged at every
// level of the hierarchy like a robot call (chargeTalk, ledger key softphone:<leg uuid>:<account>).
// A CDR posted again (the switch retries until it hears 2xx) changes nothing.
//
// Under load (issue 21: 100 posts at once for one merchant): the payers' balances are locked first
// (the lock order of finance/ledger.ts), a deadlock or serialisation abort runs the transaction again,
// and at most CDR_GATE posts of this process hold a connection at once while the rest wait in line,
// since they would only queue on the same balance row while holding the pool's connections (the
// dialer and /api/health need theirs). A line too long answers 'busy' (the route's 503: the switch
// retries). Every failure is logged here: the /fsapi routes are outside the /api envelope.
import type { SoftphoneCdr } from '../../../../domain/cdr';
import type { SoftphoneOutcome } from '../../../../domain/softphone';
import { chargeTalk, lockTalkPayers, SettleCache, talkPayers } from '../../dialer/settle';
import { GateFull, gateOf } from '../../db/gate';
import { retryingTransaction } from '../../db/retry';
import type { Deps } from '../../deps';
import { log } from '../../../../platform/log';
import { isUniqueViolation } from '../../lib/pgErrors';

export type CdrOutcome =
  | { kind: 'charged'; recordId: number; chargedFen: number }
  | { kind: 'duplicate' }
  | { kind: 'unknownExtension' }
  | { kind: 'busy' };

/** CDR transactions of one process at once (each holds one pooled connection). */
const CDR_GATE = 2;
/** Posts waiting for the gate before more are answered 'busy'. */
const CDR_QUEUE = 2000;

/** The dial record's outcome when the browser did not write one (domain/softphone.ts outcomes). */
const outcomeOf = (cdr: SoftphoneCdr): SoftphoneOutcome =>
  cdr.answered ? 'answered' : cdr.hangupCause === 'ORIGINATOR_CANCEL' ? 'cancelled' : 'failed';

export async function recordSoftphoneCdr(deps: Deps, cdr: SoftphoneCdr): Promise<CdrOutcome> {
  try {
    // All of a CDR's database work, the reads before the transaction included, inside the gate.
    return await gateOf(deps.db, 'cdr', CDR_GATE, CDR_QUEUE).run(() => record(deps, cdr));
  } catch (e) {
    if (e instanceof GateFull) {
      log.warn('softphone CDR refused: too many waiting; the switch will post it again', { uuid: cdr.uuid });
      return { kind: 'busy' };
    }
    log.error('softphone CDR not recorded', { uuid: cdr.uuid, extension: cdr.extension, err: String(e) });
    throw e;
  }
}

async function record(deps: Deps, cdr: SoftphoneCdr): Promise<CdrOutcome> {
  const seat = await deps
    .db('seats')
    .where({ extension: cdr.extension, type: 'extension' })
    .first('id', 'account_id', 'user_id');
  if (!seat) return { kind: 'unknownExtension' };
  const cache = new SettleCache(deps.db);
  const talk = {
    accountId: Number(seat.account_id),
    billableMs: cdr.billsec * 1000,
    ref: `softphone:${cdr.uuid}`,
    what: `softphone call ${cdr.uuid}`,
  };
  // The account facts and rates read now, so the transaction does not take a second connection.
  await talkPayers(cache, talk);
  let done;
  try {
    done = await retryingTransaction(deps.db, `softphone cdr ${cdr.uuid}`, async (trx) => {
      await lockTalkPayers(trx, cache, talk);
      let row = await trx('softphone_calls').where({ fs_uuid: cdr.uuid }).forUpdate().first();
      if (row?.settled_at) return null;
      if (!row && cdr.recordId !== null)
        row = await trx('softphone_calls')
          .where({ id: cdr.recordId, seat_id: seat.id, direction: 'out' })
          .whereNull('fs_uuid')
          .forUpdate()
          .first();
      if (!row)
        [row] = await trx('softphone_calls')
          .insert({
            account_id: seat.account_id,
            seat_id: seat.id,
            user_id: seat.user_id,
            direction: 'out',
            number: cdr.destination,
            started_at: cdr.startedAt,
          })
          .returning('*');
      const charged = await chargeTalk(trx, cache, talk);
      await trx('softphone_calls')
        .where({ id: row.id })
        .update({
          fs_uuid: cdr.uuid,
          billed_seconds: cdr.billsec,
          charged_fen: charged.chargedFen,
          hangup_cause: cdr.hangupCause,
          settled_at: trx.fn.now(),
          // What the browser already wrote stands; the switch fills in what it did not.
          answered_at: trx.raw('COALESCE(answered_at, ?::timestamptz)', [cdr.answeredAt]),
          ended_at: trx.raw('COALESCE(ended_at, ?::timestamptz)', [cdr.endedAt]),
          outcome: trx.raw('COALESCE(outcome, ?)', [outcomeOf(cdr)]),
        });
      return { recordId: Number(row.id), charged };
    });
  } catch (e) {
    // Two posts of one CDR at once: the second one's row or charge is already there.
    if (isUniqueViolation(e)) return { kind: 'duplicate' };
    throw e;
  }
  if (!done) return { kind: 'duplicate' };
  for (const n of done.charged.notices) deps.live.noticeToUser(n.accountId, n.notice);
  return { kind: 'charged', recordId: done.recordId, chargedFen: done.charged.chargedFen };
}
