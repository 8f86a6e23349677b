import { authActions } from '../../auth/slice';
import { customer, followUp } from '../testData';
import { customersActions as C, customersReducer, emptyFilters, initialCustomersState } from './customers';

const loaded = (ids: number[], next: string | null = null, append = false) =>
  C.listLoaded({ items: ids.map((id) => customer(id)), next, append });

describe('customers slice', () => {
  it('loads a first page, appends the next one once, and keeps the cursor', () => {
    let s = customersReducer(initialCustomersState, C.listRequested());
    expect(s.loading).toBe(true);
    s = customersReducer(s, loaded([3, 2], 'cur1'));
    expect(s).toMatchObject({ loading: false, next: 'cur1' });
    s = customersReducer(s, C.moreRequested());
    expect(s.loadingMore).toBe(true);
    s = customersReducer(s, loaded([2, 1], null, true));
    expect(s.items.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(s).toMatchObject({ next: null, loadingMore: false });
  });

  it('a reload replaces the rows and clears the selection; failures keep the rows', () => {
    let s = customersReducer(initialCustomersState, loaded([1, 2]));
    s = customersReducer(s, C.selectionToggled(1));
    s = customersReducer(s, loaded([5]));
    expect(s.selected).toEqual([]);
    s = customersReducer(s, C.listFailed('offline'));
    expect(s).toMatchObject({ error: 'offline', loading: false });
    expect(s.items).toHaveLength(1);
  });

  it('selects rows one by one and all at once', () => {
    let s = customersReducer(initialCustomersState, loaded([1, 2, 3]));
    s = customersReducer(s, C.selectionToggled(2));
    s = customersReducer(s, C.selectionToggled(3));
    s = customersReducer(s, C.selectionToggled(2));
    expect(s.selected).toEqual([3]);
    expect(customersReducer(s, C.allSelected(true)).selected).toEqual([1, 2, 3]);
    expect(customersReducer(s, C.allSelected(false)).selected).toEqual([]);
  });

  it('changes and resets filters', () => {
    let s = customersReducer(initialCustomersState, C.filtersChanged({ name: 'Li', stage: 300 }));
    expect(s.filters).toEqual({ ...emptyFilters, name: 'Li', stage: 300 });
    s = customersReducer(s, C.filtersReset());
    expect(s.filters).toEqual(emptyFilters);
  });

  it('puts a created customer on top and replaces an edited one; closes the dialog', () => {
    let s = customersReducer(initialCustomersState, loaded([1, 2]));
    s = customersReducer(s, C.dialogOpened({ kind: 'edit', customer: null }));
    s = customersReducer(s, C.saveRequested({ id: null, input: {} as never }));
    expect(s.saving).toBe(true);
    s = customersReducer(s, C.customerSaved({ customer: customer(9), created: true }));
    expect(s.items.map((c) => c.id)).toEqual([9, 1, 2]);
    expect(s.dialog).toEqual({ kind: 'none' });
    s = customersReducer(s, C.customerSaved({ customer: customer(1, { name: 'new' }), created: false }));
    expect(s.items[1]!.name).toBe('new');
  });

  it('keeps the dialog open with the server errors on failure', () => {
    let s = customersReducer(initialCustomersState, C.dialogOpened({ kind: 'edit', customer: null }));
    s = customersReducer(s, C.saveRequested({ id: null, input: {} as never }));
    s = customersReducer(s, C.requestFailed({ message: 'Invalid', fieldErrors: { phone: 'Bad phone' } }));
    expect(s).toMatchObject({ saving: false, formError: 'Invalid', fieldErrors: { phone: 'Bad phone' } });
    expect(s.dialog.kind).toBe('edit');
  });

  it('toggles focus, removes deleted or released rows, and patches tags', () => {
    let s = customersReducer(initialCustomersState, loaded([1, 2, 3]));
    s = customersReducer(s, C.focusChanged({ id: 2, focus: true }));
    expect(s.items[1]!.focus).toBe(true);
    s = customersReducer(s, C.allSelected(true));
    s = customersReducer(s, C.customersRemoved([1, 3]));
    expect(s.items.map((c) => c.id)).toEqual([2]);
    expect(s.selected).toEqual([2]);
    s = customersReducer(s, C.tagsAssigned({ customerIds: [2], add: [7, 8], remove: [] }));
    s = customersReducer(s, C.tagsAssigned({ customerIds: [2], add: [8], remove: [7] }));
    expect(s.items[0]!.tagIds).toEqual([8]);
  });

  it('shows a follow-up written in the drawer on its row, and clears on logout', () => {
    let s = customersReducer(initialCustomersState, loaded([1]));
    s = customersReducer(s, C.followUpWritten(followUp(5, { customerId: 1, stage: 400 })));
    expect(s.items[0]).toMatchObject({ stage: 400, lastFollowUpAt: '2026-11-02T00:00:00Z' });
    s = customersReducer(s, C.tagCreated({ id: 1, name: 'vip', color: '', groupId: null }));
    expect(customersReducer(s, authActions.sessionCleared())).toEqual(initialCustomersState);
  });
});
