import { HANGUP_BUCKETS, HANGUP_FROM_MS, bucketSql } from './buckets';

describe('SPEC §9 buckets', () => {
  it('writes the same bounds as SQL', () => {
    expect(bucketSql(HANGUP_BUCKETS, HANGUP_FROM_MS, 'lt10', 't')).toBe('t >= 0 AND t < 10000');
    expect(bucketSql(HANGUP_BUCKETS, HANGUP_FROM_MS, 'ge120', 't')).toBe('t >= 120000');
  });
});
