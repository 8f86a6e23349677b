import { bulkScopeOf, canAct } from './bulkScope';

describe('bulk scope', () => {
  it('acts on nothing until rows are selected or all filtered is chosen', () => {
    expect(bulkScopeOf(0, false, 120)).toEqual({ kind: 'none' });
    expect(canAct(bulkScopeOf(0, false, 120))).toBe(false);
  });
  it('acts on the selection', () => {
    expect(bulkScopeOf(3, false, 120)).toEqual({ kind: 'rows', count: 3 });
    expect(canAct(bulkScopeOf(3, false, 120))).toBe(true);
  });
  it('acts on every filtered row only when chosen, and never on an empty filter', () => {
    expect(bulkScopeOf(3, true, 120)).toEqual({ kind: 'filtered', count: 120 });
    expect(canAct(bulkScopeOf(0, true, 0))).toBe(false);
  });
});
