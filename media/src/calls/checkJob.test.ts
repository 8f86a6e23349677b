import { EslInputError } from '../esl/guard';
import { checkJob } from './checkJob';

const job = {
  callUuid: '3f1c2a7e-2b1d-4c3a-9e8f-0a1b2c3d4e5f',
  accountId: 2,
  botId: 3,
  botVersion: 1,
  lineId: 4,
  phone: '13800000001',
  callerNumber: '02100000009',
};

it('passes a well-formed job through unchanged', () => {
  expect(checkJob(job)).toBe(job);
  expect(checkJob({ ...job, taskId: 7, customerId: 9, callerNumber: '' })).toMatchObject({ taskId: 7 });
});

it('refuses what could put anything unchecked on the ESL socket', () => {
  for (const bad of [
    { callUuid: 'x\nhangup' },
    { accountId: 0 },
    { botVersion: 1.5 },
    { lineId: -1 },
    { taskId: 'a' as unknown as number },
    { phone: '' },
    { phone: '138\n0000' },
    { phone: '1'.repeat(21) },
    { callerNumber: '021,x' },
  ])
    expect(() => checkJob({ ...job, ...bad })).toThrow(EslInputError);
});
