// The desk's merge of its call's events into the current call: other calls and older events dropped.
import type { ConversationLine } from '../../../../domain/calls';
import type { CallStateEvent } from '../../../../domain/events';
import type { DeskCurrentDto } from '../../../../domain/seatDesk';
import { withSnapshot } from '../../socket/snapshotLive';
import { DESK_LIVE, isLaterLine, mergeDesk, mergeLiveLine, type DeskEvent } from './live';

const line = (seq: number, khcontent: string, over: Partial<ConversationLine> = {}): ConversationLine => ({
  seq,
  khtype: 'customer',
  khcontent,
  khvoicepath: [],
  loseFlag: false,
  inserttime: '2026-11-23T00:00:00.000Z',
  reduceNoiseRate: null,
  reason: null,
  ...over,
});
const desk = (status: CallStateEvent['status'], transcript: ConversationLine[]): DeskCurrentDto =>
  ({
    seatId: 4,
    state: { callUuid: 'c1' },
    call: { callUuid: 'c1', status, endedAt: null, transcript },
  }) as DeskCurrentDto;
const state = (status: CallStateEvent['status'], callUuid = 'c1'): DeskEvent => ({
  kind: 'state',
  e: { callUuid, status, at: '2026-11-23T00:01:00.000Z' } as CallStateEvent,
});
const lineOf = (l: ConversationLine, callUuid = 'c1'): DeskEvent => ({
  kind: 'line',
  e: { callUuid, line: l },
});

describe('isLaterLine', () => {
  it('orders revisions of one line: more voice, then more words, then marked lost', () => {
    const first = line(3, '我想', { khvoicepath: ['a.wav'] });
    const merged = line(3, '我想，问一下', { khvoicepath: ['a.wav', 'b.wav'] });
    expect(isLaterLine(merged, first)).toBe(true);
    expect(isLaterLine(first, merged)).toBe(false);
    expect(isLaterLine(first, first)).toBe(false);
    expect(isLaterLine(line(3, '我想，嗯'), line(3, '我想'))).toBe(true);
    expect(isLaterLine({ ...first, loseFlag: true }, first)).toBe(true);
  });

  it('a live line replaces its seq only when later; a new seq goes in order', () => {
    const lines = [line(1, '您好'), line(3, '我想，问一下')];
    expect(mergeLiveLine(lines, line(3, '我想'))).toBe(lines);
    expect(mergeLiveLine(lines, line(2, '嗯')).map((l) => l.seq)).toEqual([1, 2, 3]);
    expect(mergeLiveLine(lines, line(3, '我想，问一下价格'))[1]!.khcontent).toBe('我想，问一下价格');
  });
});

describe('mergeDesk', () => {
  it("applies its call's lines and forward status moves, stamping the end once", () => {
    const d = desk('answered', [line(1, '您好')]);
    const out = mergeDesk(d, [lineOf(line(2, '嗯')), state('ringing'), state('ended'), state('ended')]);
    expect(out.call).toMatchObject({ status: 'ended', endedAt: '2026-11-23T00:01:00.000Z' });
    expect(out.call!.transcript.map((l) => l.seq)).toEqual([1, 2]);
    expect(d.call!.transcript).toHaveLength(1); // pure
  });

  it("leaves the desk as it is for another call's events or without a call", () => {
    const d = desk('answered', []);
    expect(mergeDesk(d, [lineOf(line(1, 'x'), 'c2'), state('ended', 'c2')])).toBe(d);
    const idle = { ...d, call: null };
    expect(mergeDesk(idle, [state('ended')])).toBe(idle);
  });
});

describe('the desk as a snapshot-plus-live page', () => {
  it("keeps held events of the snapshot's call that it lacks, drops older ones and other calls'", () => {
    const held = [
      lineOf(line(2, '我想')), // the snapshot has seq 2 merged already
      lineOf(line(3, '多少钱')), // said after the snapshot was read
      state('answered'), // older than the snapshot's ended
      lineOf(line(9, 'x'), 'c0'), // the previous call
    ];
    const snap = { ...desk('ended', [line(1, '您好'), line(2, '我想，问一下')]) };
    const { view } = withSnapshot(DESK_LIVE, held, snap);
    expect(view.call!.status).toBe('ended');
    expect(view.call!.transcript.map((l) => l.khcontent)).toEqual(['您好', '我想，问一下', '多少钱']);
  });
});
