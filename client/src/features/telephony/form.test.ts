import { validateSipLine } from '../../../../domain/telephony-config';
import { createI18n } from '../../app/i18n';
import { hasProblems, numberOf, problemKeys } from './form';

it('turns the shared rules into translated messages in both languages', () => {
  const p = validateSipLine(
    {
      name: '线路',
      serverIp: '10.0.0.1',
      port: numberOf('5060'),
      account: 'abc',
      password: '123456',
      codec: 'PCMA',
      sendRate: '5-1',
      portCount: numberOf('10'),
      mode: 'gateway',
    },
    true,
  );
  expect(hasProblems(p)).toBe(true);
  const keys = problemKeys(p);
  expect(keys).toEqual({ account: 'telephony:validation.min6', sendRate: 'telephony:validation.rate' });
  expect(createI18n('zh-CN', false).t(keys.sendRate!)).toBe('格式为 n/m，例如 5/1（n、m 为正整数）');
  expect(createI18n('en', false).t(keys.sendRate!)).toBe('Use n/m, e.g. 5/1 (positive whole numbers)');
});

it('reads number fields', () => {
  expect(numberOf('')).toBeUndefined();
  expect(numberOf(' 8021 ')).toBe(8021);
  expect(numberOf('x')).toBeNaN();
  expect(hasProblems({})).toBe(false);
});
