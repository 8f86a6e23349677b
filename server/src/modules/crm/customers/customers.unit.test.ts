// Pure parts of my customers: the keyset cursor and the allocation shares.
import { AppError } from '../../../http/errors';
import { shares } from './allocate';
import { decodeCursor, encodeCursor } from './cursor';

describe('cursor', () => {
  it('round-trips each sort', () => {
    for (const c of [
      { sort: 'id' as const, key: null, id: 5 },
      { sort: 'score' as const, key: 7, id: 9 },
      { sort: 'importedAt' as const, key: null, id: 3 },
      { sort: 'importedAt' as const, key: '2026-01-02 03:04:05.123456+00', id: 3 },
      { sort: 'createdAt' as const, key: '2026-01-02 03:04:05+05:30', id: 1 },
    ])
      expect(decodeCursor(encodeCursor(c), c.sort)).toEqual(c);
  });

  it.each([
    ['garbage', 'id'],
    [encodeCursor({ sort: 'score', key: 1, id: 1 }), 'id'],
    [encodeCursor({ sort: 'createdAt', key: null, id: 1 }), 'createdAt'],
    [encodeCursor({ sort: 'createdAt', key: "1'; drop table x", id: 1 }), 'createdAt'],
    [encodeCursor({ sort: 'createdAt', key: '2026-13-45 00:00:00+00', id: 1 }), 'createdAt'],
    [encodeCursor({ sort: 'score', key: 1.5, id: 1 }), 'score'],
    [encodeCursor({ sort: 'id', key: null, id: -1 }), 'id'],
    [Buffer.from('{"a":1}').toString('base64url'), 'id'],
  ] as const)('refuses %s with 400', (raw, sort) => {
    expect(() => decodeCursor(raw, sort)).toThrow(AppError);
  });
});

describe('allocation shares', () => {
  it('gives everything to oneself in mode 0', () => {
    expect(shares(0, 7, 1, [], [])).toEqual([{ accountId: 1, count: 7 }]);
  });
  it('splits evenly with the remainder to the first targets in mode 1', () => {
    expect(shares(1, 10, 1, [5, 6, 7], [])).toEqual([
      { accountId: 5, count: 4 },
      { accountId: 6, count: 3 },
      { accountId: 7, count: 3 },
    ]);
    expect(shares(1, 1, 1, [5, 6], [])).toEqual([
      { accountId: 5, count: 1 },
      { accountId: 6, count: 0 },
    ]);
  });
  it('gives quantities in mode 2 only when they fit', () => {
    expect(shares(2, 10, 1, [5, 6], [3, 7])).toEqual([
      { accountId: 5, count: 3 },
      { accountId: 6, count: 7 },
    ]);
    expect(shares(2, 10, 1, [5, 6], [3, 8])).toBeNull();
  });
});
