import type { CallRecordRow } from '../../../../domain/callRecords';
import { callRecordsActions as A, callRecordsReducer as reduce, initialState } from './slice';
import { scopeOf } from './scope';

const row = (id: number): CallRecordRow =>
  ({ id, callUuid: `u${id}`, read: false, focus: false }) as unknown as CallRecordRow;

describe('call records slice', () => {
  it('a different view starts over; the same view keeps its filters', () => {
    const s = reduce(initialState, A.filtersChanged({ name: '张' }));
    expect(reduce(s, A.viewEntered('dialrecord')).filters.name).toBe('张');
    const out = reduce(s, A.viewEntered('callout'));
    expect(out.view).toBe('callout');
    expect(out.filters.name).toBe('');
  });
  it('pages append, a new first page replaces and clears the selection', () => {
    let s = reduce(initialState, A.listLoaded({ items: [row(3), row(2)], next: 'c', append: false }));
    s = reduce(s, A.selectionToggled(3));
    s = reduce(s, A.listLoaded({ items: [row(1)], next: null, append: true }));
    expect(s.items.map((i) => i.id)).toEqual([3, 2, 1]);
    expect(s.selected).toEqual([3]);
    s = reduce(s, A.listLoaded({ items: [row(9)], next: null, append: false }));
    expect(s.selected).toEqual([]);
  });
  it('opening a record marks its row read; focus follows the server', () => {
    let s = reduce(initialState, A.listLoaded({ items: [row(1)], next: null, append: false }));
    s = reduce(s, A.opened('u1'));
    s = reduce(s, A.detailLoaded({ ...row(1), lines: [] } as never));
    expect(s.items[0]!.read).toBe(true);
    s = reduce(s, A.focusSet({ uuid: 'u1', focus: true }));
    expect(s.items[0]!.focus).toBe(true);
    s = reduce(s, A.closed());
    expect([s.openUuid, s.detail, s.audio]).toEqual([null, null, {}]);
  });
});

describe('what a batch action acts on', () => {
  const loaded = reduce(initialState, A.listLoaded({ items: [row(3), row(2)], next: 'c', append: false }));

  it('nothing until rows are ticked or "all filtered" is chosen', () => {
    expect(scopeOf(loaded)).toBeNull();
    expect(scopeOf(reduce(loaded, A.selectionToggled(2)))).toEqual({ ids: [2] });
  });

  it('"all filtered" replaces the ticks and acts on the filter; ticking a row or a new filter undoes it', () => {
    let s = reduce(loaded, A.selectionToggled(2));
    s = reduce(s, A.allFilteredChosen());
    s = reduce(s, A.filteredCounted(120));
    expect(s.selected).toEqual([]);
    expect(s.filteredTotal).toBe(120);
    expect(scopeOf(s)).toEqual({ filter: expect.any(Object) });
    expect(reduce(s, A.selectionToggled(3)).allFiltered).toBe(false);
    expect(reduce(s, A.filtersChanged({ name: 'x' })).allFiltered).toBe(false);
    expect(reduce(s, A.selectionCleared()).allFiltered).toBe(false);
  });
});
