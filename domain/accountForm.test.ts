import { validateAccountForm, type AccountFormInput } from './accountForm';

const good: AccountFormInput = {
  account: 'user0001',
  password: 'secret12',
  confirm: 'secret12',
  realName: '张三',
  phone: '',
  aiSeats: 1,
  totalAuthorization: 2,
  dialIntervalSeconds: 0,
  dailyConnectLimit: undefined,
  dailyMinutesLimit: 0,
  expiresAt: '2027-01-01',
};

it('accepts a valid form', () => {
  expect(validateAccountForm(good, true)).toEqual({});
});

it('applies the SPEC §5 user rules', () => {
  expect(
    validateAccountForm(
      {
        ...good,
        account: 'ab_1',
        password: '123',
        confirm: '1234',
        aiSeats: 3,
        totalAuthorization: 3,
        dialIntervalSeconds: undefined,
        expiresAt: '',
        phone: '12345',
      },
      true,
    ),
  ).toEqual({
    account: 'account',
    password: 'password',
    confirm: 'confirm',
    totalAuthorization: 'authorization',
    dialIntervalSeconds: 'required',
    expiresAt: 'required',
    phone: 'mobile',
  });
});

it('checks the name and password only for a new account', () => {
  expect(validateAccountForm({ ...good, account: '', password: '', confirm: 'x' }, false)).toEqual({});
});

it('refuses counts that are not whole, negative or too big, and an expiry beyond the superior', () => {
  expect(validateAccountForm({ ...good, dailyConnectLimit: -1, dailyMinutesLimit: 1.5 }, true)).toEqual({
    dailyConnectLimit: 'count',
    dailyMinutesLimit: 'count',
  });
  expect(validateAccountForm({ ...good, expiresAt: '2026-02-31' }, true)).toEqual({ expiresAt: 'date' });
  expect(validateAccountForm(good, true, '2026-12-31T00:00:00.000Z')).toEqual({
    expiresAt: 'expiryBeyondParent',
  });
});
