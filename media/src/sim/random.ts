// Seeded randomness so a simulator run with the same seed replays the same calls.

export type Rng = () => number;

/** mulberry32: a tiny 32-bit generator, good enough for test traffic (not for secrets). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: mixes a string into a seed, so each number gets its own stream whatever the call order. */
export function hashSeed(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // murmur3's fmix32: FNV alone leaves near-identical strings with correlated seeds.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** An integer in [min, max], both ends included. */
export function between(rng: Rng, [min, max]: readonly [number, number]): number {
  return Math.floor(min + rng() * (max - min + 1));
}

/** A version-4 shaped UUID from the generator (FreeSWITCH uses lower-case RFC 4122 text). */
export function uuidFrom(rng: Rng): string {
  const b: number[] = [];
  for (let i = 0; i < 16; i++) b.push(Math.floor(rng() * 256));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const s = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
