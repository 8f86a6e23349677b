import { Events, type LiveBatchEntry } from './events';
import { relayLiveBatches } from './liveBatch';

function fakeSocket() {
  const map = new Map<string, ((p: unknown) => void)[]>();
  return {
    on: (ev: string, fn: (p: never) => void) =>
      map.set(ev, [...(map.get(ev) ?? []), fn as (p: unknown) => void]),
    off: (ev: string, fn: unknown) =>
      map.set(
        ev,
        (map.get(ev) ?? []).filter((f) => f !== fn),
      ),
    listeners: (ev: string) => map.get(ev) ?? [],
    fire: (ev: string, p: unknown) => (map.get(ev) ?? []).forEach((f) => f(p)),
  };
}

it('hands each entry to the listeners of its event, in order, as if it had come alone', () => {
  const s = fakeSocket();
  relayLiveBatches(s as never);
  const got: string[] = [];
  s.on(Events.CallState, (e: { callUuid: string }) => got.push(`call ${e.callUuid}`));
  s.on(Events.SeatState, (e: { seatId: number }) => got.push(`seat ${e.seatId}`));
  s.on(Events.SeatState, (e: { seatId: number }) => got.push(`seat again ${e.seatId}`));
  const entries = [
    [Events.CallState, { callUuid: 'a' }],
    [Events.SeatState, { seatId: 1 }],
    [Events.TaskProgress, { taskId: 2 }],
    [Events.CallState, { callUuid: 'b' }],
  ] as unknown as LiveBatchEntry[];
  s.fire(Events.LiveBatch, entries);
  expect(got).toEqual(['call a', 'seat 1', 'seat again 1', 'call b']);
});

it('ignores frames and entries of the wrong shape', () => {
  const s = fakeSocket();
  relayLiveBatches(s as never);
  const got: unknown[] = [];
  s.on(Events.CallState, (e: unknown) => got.push(e));
  s.fire(Events.LiveBatch, 'nonsense');
  s.fire(Events.LiveBatch, [null, 7, [3, {}], [Events.CallState, { callUuid: 'x' }]]);
  expect(got).toEqual([{ callUuid: 'x' }]);
});
