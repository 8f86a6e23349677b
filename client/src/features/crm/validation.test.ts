import { ApiError } from '../../api';
import { customerQuery, exportFilter, seaQuery } from './query';
import { emptyFilters } from './slice/customers';
import { parseStageChange, phoneText } from './labels';
import {
  failureOf,
  isDeleteConfirmed,
  localToIso,
  validateCustomer,
  validateFollowUp,
  validateSeaSettings,
  validateTagForm,
} from './validation';
import type { CustomerInput } from './types';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const input = (over: Partial<CustomerInput> = {}): CustomerInput => ({
  name: '张三',
  phone: '13812345678',
  contact: '',
  sex: null,
  company: '',
  address: '',
  remarks: [],
  source: '',
  stage: 100,
  ...over,
});

describe('customer form', () => {
  it('needs a name and a valid mobile, with the server rules', () => {
    expect(validateCustomer(input())).toEqual({});
    expect(validateCustomer(input({ name: '  ', phone: '' }))).toEqual({
      name: 'crm:validation.required',
      phone: 'crm:validation.required',
    });
    for (const bad of ['12812345678', '1381234567', '138123456789', '1381234567a'])
      expect(validateCustomer(input({ phone: bad })).phone).toBe('crm:validation.mobile');
    expect(validateCustomer(input({ name: 'x'.repeat(65) })).name).toBe('crm:validation.tooLong');
    expect(validateCustomer(input({ stage: 150 })).stage).toBe('crm:validation.invalid');
  });

  it('does not check a hidden phone it will not send', () => {
    expect(validateCustomer(input({ phone: undefined }), false)).toEqual({});
  });
});

describe('follow-up form', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  const base = { recordType: 1 as const, stage: 300, contactMethod: 301, details: 'ok' };

  it('accepts a follow-up without a date and checks codes and length', () => {
    expect(validateFollowUp(base, now)).toEqual({});
    expect(validateFollowUp({ ...base, contactMethod: 500, stage: 1 }, now)).toEqual({
      contactMethod: 'crm:validation.invalid',
      stage: 'crm:validation.invalid',
    });
    expect(validateFollowUp({ ...base, details: 'x'.repeat(2001) }, now).details).toBe(
      'crm:validation.tooLong',
    );
  });

  it('needs a future time for a reminder', () => {
    const r = { ...base, recordType: 0 as const };
    expect(validateFollowUp(r, now).remindAt).toBe('crm:validation.required');
    expect(validateFollowUp({ ...r, remindAt: '2026-11-22T09:00:00Z' }, now).remindAt).toBe(
      'crm:validation.future',
    );
    expect(validateFollowUp({ ...r, remindAt: 'soon' }, now).remindAt).toBe('crm:validation.date');
    expect(validateFollowUp({ ...r, remindAt: '2026-11-23T09:00:00Z' }, now)).toEqual({});
  });

  it('turns a datetime-local value into ISO with a zone', () => {
    expect(localToIso('')).toBeUndefined();
    expect(localToIso('nope')).toBeUndefined();
    expect(localToIso('2026-11-23T09:30')).toMatch(/^2026-11-2\dT\d{2}:30:00\.000Z$/);
  });
});

describe('helpers', () => {
  it('accepts only the typed word delete', () => {
    expect(isDeleteConfirmed('delete')).toBe(true);
    expect(isDeleteConfirmed(' delete ')).toBe(true);
    expect(isDeleteConfirmed('Delete')).toBe(false);
    expect(isDeleteConfirmed('')).toBe(false);
  });

  it('reads field errors of a failed request', () => {
    const e = new ApiError('Invalid', 400, 'envelope', {
      errors: [{ path: 'phone', message: '手机号不正确' }],
    });
    expect(failureOf(e)).toEqual({ message: 'Invalid', fieldErrors: { phone: '手机号不正确' } });
    expect(failureOf(new Error('x'))).toEqual({ message: 'x', fieldErrors: {} });
  });

  it('builds list queries without empty filters', () => {
    expect(customerQuery(emptyFilters, 50)).toEqual({ sort: 'id', limit: 50 });
    expect(
      customerQuery(
        { ...emptyFilters, name: ' Li ', phone: '138', stage: 300, focus: false, tagId: 4 },
        20,
        'c1',
      ),
    ).toEqual({
      sort: 'id',
      limit: 20,
      name: 'Li',
      phone: '138',
      stage: 300,
      focus: false,
      tagId: 4,
      after: 'c1',
    });
    // The call-result filters: grade, called, and local days sent as the instants they span.
    const q = customerQuery(
      {
        ...emptyFilters,
        grade: 21,
        called: true,
        lastCalledFrom: '2026-11-02',
        lastCalledTo: '2026-11-03',
        sort: 'lastCalledAt',
      },
      10,
    );
    expect(q).toMatchObject({ sort: 'lastCalledAt', grade: 21, called: true });
    expect(q.lastCalledFrom).toBe(new Date(2026, 10, 2).toISOString());
    expect(q.lastCalledTo).toBe(new Date(new Date(2026, 10, 4).getTime() - 1).toISOString());
    expect(customerQuery({ ...emptyFilters, called: false }, 10)).toMatchObject({ called: false });
    expect(seaQuery({ name: '', phone: '', stage: null }, 50, 9)).toEqual({ limit: 50, before: 9 });
    expect(seaQuery({ name: 'a', phone: '1', stage: 200 }, 50)).toEqual({
      limit: 50,
      name: 'a',
      phone: '1',
      stage: 200,
    });
  });

  it('reads stage changes and masks hidden phones', () => {
    expect(parseStageChange('100->300')).toEqual({ from: 100, to: 300 });
    expect(parseStageChange('called back')).toBeNull();
    expect(phoneText('13812345678', true)).toBe('138****5678');
    expect(phoneText('138****5678', true)).toBe('138****5678');
    expect(phoneText('13812345678', false)).toBe('13812345678');
  });
});

describe('validateTagForm', () => {
  it('needs a name of at most 64 characters and a colour like #rgb..#rrggbbaa or none', () => {
    expect(validateTagForm({ name: ' VIP ', color: '' })).toEqual({});
    expect(validateTagForm({ name: 'VIP', color: '#2d72d2' })).toEqual({});
    expect(validateTagForm({ name: '  ' })).toEqual({ name: 'crm:validation.required' });
    expect(validateTagForm({ name: 'x'.repeat(65), color: 'red' })).toEqual({
      name: 'crm:validation.tooLong',
      color: 'crm:validation.invalid',
    });
  });
});

describe('exportFilter', () => {
  it('is the list filter without paging or sort', () => {
    expect(exportFilter({ ...emptyFilters, phone: ' 139 ', focus: true, tagId: 4 })).toEqual({
      phone: '139',
      focus: true,
      tagId: 4,
    });
    expect(exportFilter(emptyFilters)).toEqual({});
  });
});

describe('validateSeaSettings', () => {
  it('takes 1..365 days or empty (never), and 0..10000 claims a day', () => {
    expect(validateSeaSettings({ autoReleaseDays: '', dailyClaimLimit: '0' })).toEqual({});
    expect(validateSeaSettings({ autoReleaseDays: '365', dailyClaimLimit: '10000' })).toEqual({});
    expect(validateSeaSettings({ autoReleaseDays: '0', dailyClaimLimit: '' })).toEqual({
      autoReleaseDays: 'crm:validation.days',
      dailyClaimLimit: 'crm:validation.required',
    });
    expect(validateSeaSettings({ autoReleaseDays: '1.5', dailyClaimLimit: '10001' })).toEqual({
      autoReleaseDays: 'crm:validation.days',
      dailyClaimLimit: 'crm:validation.claimLimit',
    });
    expect(validateSeaSettings({ autoReleaseDays: '366', dailyClaimLimit: '-1' })).toEqual({
      autoReleaseDays: 'crm:validation.days',
      dailyClaimLimit: 'crm:validation.claimLimit',
    });
  });
});
