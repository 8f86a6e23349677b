// How the seat desk's current call (GET /api/seats/:id/desk) and the call's socket events meet, for
// the snapshot-plus-live helper (socket/snapshotLive.ts). Events of another call are dropped; one that
// is older than what the desk has is dropped too: a call's status only moves forward, and a line only
// replaces the same seq when it is a later revision of it (a merged customer line only grows, and
// markLost only sets loseFlag: media/src/calls/record.ts).
import type { CallLineEvent, CallStateEvent } from '../../../../domain/events';
import type { CallStatus, ConversationLine } from '../../../../domain/calls';
import { LIVE_STATUSES } from '../../../../domain/resultLabels';
import { mergeLine, type DeskCurrentDto } from '../../../../domain/seatDesk';
import type { LiveMerge } from '../../socket/snapshotLive';

export type DeskEvent = { kind: 'line'; e: CallLineEvent } | { kind: 'state'; e: CallStateEvent };

/** Beyond this many events held for the desk's snapshot, the oldest go (it is one call's). */
export const DESK_PENDING_MAX = 2_000;

/** The statuses in the order a call goes through them. */
const CALL_ORDER: readonly CallStatus[] = [...LIVE_STATUSES, 'ended'];

/** Whether `next` is a later revision of `cur` (the same seq): more voice, more words, or now lost. */
export function isLaterLine(next: ConversationLine, cur: ConversationLine): boolean {
  const a = [next.khvoicepath.length, next.khcontent.length, Number(next.loseFlag)];
  const b = [cur.khvoicepath.length, cur.khcontent.length, Number(cur.loseFlag)];
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i]! > b[i]!;
}

/** A live line into a transcript, unless the transcript has it already as it is or later. */
export function mergeLiveLine(lines: ConversationLine[], line: ConversationLine): ConversationLine[] {
  const had = lines.find((l) => l.seq === line.seq);
  return had && !isLaterLine(line, had) ? lines : mergeLine(lines, line);
}

/** The desk with the events of its call applied, each only if it is newer than what the desk has. */
export function mergeDesk(desk: DeskCurrentDto, events: readonly DeskEvent[]): DeskCurrentDto {
  let call = desk.call;
  for (const w of events) {
    if (!call || call.callUuid !== w.e.callUuid) continue;
    if (w.kind === 'line') {
      const transcript = mergeLiveLine(call.transcript, w.e.line);
      if (transcript !== call.transcript) call = { ...call, transcript };
    } else if (CALL_ORDER.indexOf(w.e.status) >= CALL_ORDER.indexOf(call.status)) {
      const endedAt = w.e.status === 'ended' ? (call.endedAt ?? w.e.at) : call.endedAt;
      call = { ...call, status: w.e.status, endedAt };
    }
  }
  return call === desk.call ? desk : { ...desk, call };
}

export const DESK_LIVE: LiveMerge<DeskCurrentDto, DeskCurrentDto, DeskEvent> = {
  keep: (desk, events) => events.filter((w) => w.e.callUuid === desk.call?.callUuid),
  merge: mergeDesk,
  max: DESK_PENDING_MAX,
};
