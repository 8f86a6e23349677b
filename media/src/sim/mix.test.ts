import { mixTimeline } from './mix';

const tone = (n: number, v: number) => new Int16Array(n).fill(v);

describe('mixTimeline', () => {
  it('places sounds at their times, adds overlaps and clips to 16 bits', () => {
    const out = mixTimeline(
      [
        { atMs: 1, samples: tone(16, 1000) },
        { atMs: 2, samples: tone(8, 32000) },
      ],
      4,
      8000,
    );
    expect(out.length).toBe(32);
    expect([...out.slice(0, 8)]).toEqual(Array(8).fill(0));
    expect([...out.slice(8, 16)]).toEqual(Array(8).fill(1000));
    expect(out[16]).toBe(32767); // 1000 + 32000 clipped
    expect([...out.slice(24, 32)]).toEqual(Array(8).fill(0));
  });

  it('cuts a prompt broken off (maxMs), a sound begun before the recording and one past its end', () => {
    const out = mixTimeline(
      [
        { atMs: 0, samples: tone(80, 5), maxMs: 2 },
        { atMs: -1, samples: tone(16, 7) },
        { atMs: 9, samples: tone(80, 9) },
      ],
      10,
      8000,
    );
    expect(out[0]).toBe(12);
    expect(out[7]).toBe(12);
    expect(out[8]).toBe(5);
    expect(out[15]).toBe(5);
    expect(out[16]).toBe(0);
    expect(out[72]).toBe(9);
    expect(out.length).toBe(80);
  });

  it('speeds a render longer than its time up to fit it (fitMs)', () => {
    const out = mixTimeline([{ atMs: 0, samples: tone(160, 100), fitMs: 10 }], 30, 8000);
    expect(out.slice(0, 78).every((v) => v > 50)).toBe(true);
    expect(out.slice(81).every((v) => v === 0)).toBe(true);
  });
});
