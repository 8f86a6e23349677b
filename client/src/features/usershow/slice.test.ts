import type { AccountChoice, AccountInfo } from '../../../../domain/accountInfo';
import { userShowActions as S, userShowReducer } from './slice';

const choice = (id: number): AccountChoice => ({ id, account: `acct${id}`, realName: '', level: 1 });
const init = () => userShowReducer(undefined, { type: 'init' });

describe('user info slice', () => {
  it('replaces the choices on a new search and appends the next page', () => {
    let s = userShowReducer(init(), S.choicesRequested({ q: 'ac' }));
    expect(s.choices).toMatchObject({ q: 'ac', loading: true });
    s = userShowReducer(s, S.choicesLoaded({ items: [choice(1), choice(2)], nextAfterId: 2, more: false }));
    s = userShowReducer(s, S.choicesLoaded({ items: [choice(3)], nextAfterId: null, more: true }));
    expect(s.choices.items.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(s.choices.nextAfterId).toBeNull();
    s = userShowReducer(s, S.choicesLoaded({ items: [choice(9)], nextAfterId: null, more: false }));
    expect(s.choices.items.map((c) => c.id)).toEqual([9]);
  });

  it("drops another account's card when a new one is asked for, and keeps the error apart", () => {
    let s = userShowReducer(init(), S.infoRequested(5));
    s = userShowReducer(s, S.infoLoaded({ id: 5 } as AccountInfo));
    s = userShowReducer(s, S.infoRequested(5));
    expect(s.info.data?.id).toBe(5); // a reload of the same card keeps it on screen
    s = userShowReducer(s, S.infoRequested(6));
    expect(s.info).toEqual({ data: null, loading: true, error: null });
    expect(s.selectedId).toBe(6);
    s = userShowReducer(s, S.infoFailed('未找到'));
    expect(s.info).toEqual({ data: null, loading: false, error: '未找到' });
  });
});
