import { COUNTERS } from '../../migrations/2026-11-27-2730-report-rollups';
import { ROLLUP_COLUMN_NAMES } from './columns';

describe('rollup counters', () => {
  it('are the columns the migration made (a new counter needs a new migration)', () => {
    expect(ROLLUP_COLUMN_NAMES).toEqual(COUNTERS);
  });
});
