import { RoomBatch } from './roomBatch';

describe('RoomBatch', () => {
  let sent: [string, number[]][];
  let batch: RoomBatch<number>;
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 }); // fakes Date.now too, the batch's clock
    sent = [];
    batch = new RoomBatch<number>(50, (room, events) => sent.push([room, events]));
  });
  afterEach(() => jest.useRealTimers());

  const advance = (ms: number) => jest.advanceTimersByTime(ms);

  it('sends the first event of a quiet window at once, to each of its rooms', () => {
    batch.add(['account:1', 'task:2'], 7);
    expect(sent).toEqual([
      ['account:1', [7]],
      ['task:2', [7]],
    ]);
  });

  it('coalesces events of a busy window into one frame per room, in order, sent when the window ends', () => {
    batch.add(['account:1'], 1);
    advance(10);
    batch.add(['account:1'], 2);
    batch.add(['account:3'], 3);
    batch.add(['account:1'], 4);
    expect(sent).toEqual([['account:1', [1]]]);
    advance(39);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toEqual([
      ['account:1', [1]],
      ['account:1', [2, 4]],
      ['account:3', [3]],
    ]);
  });

  it('never holds an event longer than one window under a steady stream', () => {
    const added = new Map<number, number>();
    const delays: number[] = [];
    batch = new RoomBatch<number>(50, (_room, events) =>
      events.forEach((e) => delays.push(Date.now() - added.get(e)!)),
    );
    for (let i = 0; i < 200; i++) {
      added.set(i, Date.now());
      batch.add(['account:1'], i);
      advance(7);
    }
    advance(50);
    expect(delays).toHaveLength(200);
    expect(Math.max(...delays)).toBeLessThanOrEqual(50);
  });

  it('flush() sends what is pending and cancels the timer (shutdown loses nothing, sends nothing twice)', () => {
    batch.add(['account:1'], 1);
    batch.add(['account:1'], 2);
    batch.flush();
    advance(100);
    expect(sent).toEqual([
      ['account:1', [1]],
      ['account:1', [2]],
    ]);
  });
});
