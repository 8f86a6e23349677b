// The sliced fan-out: FANOUT_SLICE sockets per write, at most about FANOUT_TURN_MS per turn of the
// event loop, every socket gets the frames in the order they were given, and flush writes what is
// left at once.
import type { LiveBatchEntry } from '../../../domain/events';
import { FANOUT_SLICE, FANOUT_TURN_MS, SlicedFanout } from './fanout';
import type { IoServer } from './live';

/** A room of `roomSize` sockets whose every write takes `spinMs` (a busy machine). */
function fakeIo(roomSize: number, spinMs = 0) {
  const ids = Array.from({ length: roomSize }, (_, i) => `s${i}`);
  const rooms = new Map([['account:1', new Set(ids)]]);
  const got = new Map<string, string[]>();
  const writes: number[] = [];
  const io = {
    of: () => ({ adapter: { rooms } }),
    local: {
      to: (part: string[]) => ({
        emit: (_event: string, entries: LiveBatchEntry[]) => {
          const until = performance.now() + spinMs;
          while (performance.now() < until);
          writes.push(part.length);
          const name = (entries[0]![1] as { callUuid: string }).callUuid;
          for (const id of part) got.set(id, [...(got.get(id) ?? []), name]);
        },
      }),
    },
  } as unknown as IoServer;
  return { io, ids, rooms, got, writes };
}

const frame = (name: string): LiveBatchEntry[] => [['call:state', { callUuid: name } as never]];
const nextTurn = () => new Promise((r) => setImmediate(r));

it('yields the event loop between slices when writing takes long, and keeps every socket’s frames in order', async () => {
  const size = FANOUT_SLICE * 10 + 50;
  const f = fakeIo(size, FANOUT_TURN_MS / 2);
  const fanout = new SlicedFanout(f.io);
  fanout.send('account:1', frame('a'));
  fanout.send('account:1', frame('b'));
  // This turn wrote a few slices, not the whole room.
  const first = f.writes.length;
  expect(first).toBeGreaterThanOrEqual(1);
  expect(first).toBeLessThanOrEqual(3);
  for (let i = 0; i < 40 && f.writes.reduce((a, b) => a + b, 0) < size * 2; i++) await nextTurn();
  expect(f.writes.reduce((a, b) => a + b, 0)).toBe(size * 2);
  expect(Math.max(...f.writes)).toBeLessThanOrEqual(FANOUT_SLICE);
  for (const id of f.ids) expect(f.got.get(id)).toEqual(['a', 'b']);
});

it('sends nothing to an empty room, and flush writes the rest at once', () => {
  const f = fakeIo(FANOUT_SLICE * 3);
  const fanout = new SlicedFanout(f.io);
  fanout.send('account:2', frame('nobody'));
  expect(f.writes).toEqual([]);
  fanout.send('account:1', frame('a'));
  fanout.flush();
  for (const id of f.ids) expect(f.got.get(id)).toEqual(['a']);
});
