import {
  hasErrors,
  serverFieldError,
  validateChangePassword,
  validateForgot,
  validateLogin,
  validateRegister,
} from './validation';

const good = {
  account: 'merchant02',
  password: 'secret1',
  confirm: 'secret1',
  email: 'm@example.com',
  realName: '张三',
  phone: '',
  pledge: true,
};

describe('form validation', () => {
  it('login needs account, password and the pledge', () => {
    expect(validateLogin({ account: '', password: '', pledge: false })).toEqual({
      account: 'auth:validation.required',
      password: 'auth:validation.required',
      pledge: 'auth:validation.pledge',
    });
    expect(hasErrors(validateLogin({ account: 'a@b.cn', password: 'x', pledge: true }))).toBe(false);
  });

  it('register applies the SPEC §5 rules', () => {
    expect(validateRegister(good)).toEqual({});
    expect(validateRegister({ ...good, account: 'ab_12' }).account).toBe('auth:validation.accountName');
    expect(validateRegister({ ...good, password: '12345', confirm: '12345' }).password).toBe(
      'auth:validation.password',
    );
    expect(validateRegister({ ...good, confirm: 'other1' }).confirm).toBe('auth:validation.confirm');
    expect(validateRegister({ ...good, email: 'nope' }).email).toBe('auth:validation.email');
    expect(validateRegister({ ...good, phone: '12345678901' }).phone).toBe('auth:validation.mobile');
    expect(validateRegister({ ...good, phone: '13812345678' }).phone).toBeUndefined();
    expect(validateRegister({ ...good, realName: '  ' }).realName).toBe('auth:validation.required');
    expect(validateRegister({ ...good, pledge: false }).pledge).toBe('auth:validation.pledge');
  });

  it('forgot needs an e-mail; change password needs the old one and a matching new one', () => {
    expect(validateForgot({ email: 'x' }).email).toBe('auth:validation.email');
    expect(
      validateChangePassword({ kind: 'login', oldPassword: '', password: 'abcdef', confirm: 'abcdeg' }),
    ).toEqual({
      oldPassword: 'auth:validation.required',
      confirm: 'auth:validation.confirm',
    });
  });

  it('finds the server message for a field', () => {
    expect(serverFieldError([{ path: 'email', message: 'taken' }], 'email')).toBe('taken');
    expect(serverFieldError([], 'email')).toBeUndefined();
  });
});
