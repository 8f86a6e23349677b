import { mergeCustomerLine, parseTestNumbers, presentConversationLine } from './calls';

describe('parseTestNumbers', () => {
  it('takes mobiles and the test number, comma or full-width comma separated, deduplicated', () => {
    expect(parseTestNumbers('13800000001,9999')).toEqual(['13800000001', '9999']);
    expect(parseTestNumbers(' 13800000001， 13900000002 ,13800000001')).toEqual([
      '13800000001',
      '13900000002',
    ]);
  });
  it.each([
    '',
    ',',
    '12345',
    '12800000001',
    '1380000000',
    '9999,abc',
    '9998',
    Array(21).fill('9999').join(',') + ',13800000001',
  ])('refuses %j', (text) => expect(parseTestNumbers(text)).toBeNull());
});

describe('mergeCustomerLine', () => {
  const robot = { khtype: 'robot' as const, khcontent: '您好', khvoicepath: ['/p/a.wav'] };
  const cust = (t: string, url: string) => ({
    khtype: 'customer' as const,
    khcontent: t,
    khvoicepath: [url],
  });
  it('merges consecutive customer lines into one sentence with both voice urls', () => {
    expect(mergeCustomerLine(cust('喂', 'a'), cust('你好', 'b'))).toEqual({
      khcontent: '喂，你好',
      khvoicepath: ['a', 'b'],
    });
    expect(mergeCustomerLine(cust('喂？', 'a'), cust('你好', 'b'))?.khcontent).toBe('喂？你好');
  });
  it('starts a new line after a robot line or for a robot line', () => {
    expect(mergeCustomerLine(robot, cust('喂', 'a'))).toBeNull();
    expect(mergeCustomerLine(cust('喂', 'a'), robot)).toBeNull();
    expect(mergeCustomerLine(null, cust('喂', 'a'))).toBeNull();
  });
});

describe('presentConversationLine', () => {
  it('turns a stored row into the DTO: numbers from driver text, no voice as [], ISO time', () => {
    const row = {
      seq: '3',
      khtype: 'customer' as const,
      khcontent: '好的',
      khvoicepath: null,
      lose_flag: false,
      inserttime: new Date('2026-11-27T01:02:03Z'),
      reduce_noise_rate: '0.5',
      reason: null,
    };
    expect(presentConversationLine(row)).toEqual({
      seq: 3,
      khtype: 'customer',
      khcontent: '好的',
      khvoicepath: [],
      loseFlag: false,
      inserttime: '2026-11-27T01:02:03.000Z',
      reduceNoiseRate: 0.5,
      reason: null,
    });
    expect(presentConversationLine({ ...row, reduce_noise_rate: null }).reduceNoiseRate).toBeNull();
  });
});
