import {
  LINE_DIDS_MAX,
  isHost,
  lineGatewayName,
  lineIdOfGateway,
  lineNumbers,
  splitDids,
  validLineDids,
  isSipList,
  isSipTarget,
  parseSendRate,
  resolveAsr,
  validateAsr,
  validateFsNode,
  validateGateway,
  validateSipLine,
  type AsrChainLink,
} from './telephony-config';

const line = {
  name: '线路一',
  serverIp: '10.0.0.1',
  port: 5060,
  account: 'acct01',
  password: 'secret',
  callerNumber: '021123',
  prefix: '9',
  codec: 'PCMA',
  sendRate: '5/1',
  portCount: 10,
  mode: 'gateway',
  enabled: true,
};

describe('send rate', () => {
  it.each([
    ['5/1', { count: 5, seconds: 1 }],
    [' 10/2 ', { count: 10, seconds: 2 }],
    ['5-1', null],
    ['0/1', null],
    ['5/0', null],
    ['05/1', null],
    ['5/', null],
    ['/1', null],
    ['1.5/1', null],
    ['', null],
  ])('parseSendRate(%j) is %j', (s, want) => expect(parseSendRate(s)).toEqual(want));
});

describe('hosts and SIP targets', () => {
  it.each([
    ['10.0.0.1', true],
    ['sip.carrier.cn', true],
    ['localhost', true],
    ['999.1.1.1', false],
    ['10.0.0.1/24', false],
    ['1.2.3', false],
    ['bad host', false],
    ['-x.com', false],
    ['', false],
  ])('isHost(%j) is %j', (s, want) => expect(isHost(s)).toBe(want));

  it.each([
    ['sip:1000@10.0.0.1:5060', true],
    ['sips:bob@example.com', true],
    ['10.0.0.2:5062', true],
    ['gw.example.com', true],
    ['10.0.0.2:70000', false],
    ['sip:@host', false],
    ['not a uri', false],
  ])('isSipTarget(%j) is %j', (s, want) => expect(isSipTarget(s)).toBe(want));

  it('reads comma lists (ASCII or full-width), no empty items', () => {
    expect(isSipList('sip:1@10.0.0.1, 10.0.0.2:5060，gw.cn')).toBe(true);
    expect(isSipList('10.0.0.1,,10.0.0.2')).toBe(false);
    expect(isSipList('')).toBe(false);
  });
});

describe('validateSipLine', () => {
  it('accepts a valid line', () => expect(validateSipLine(line, true)).toEqual({}));
  it('needs the password on create only', () => {
    expect(validateSipLine({ ...line, password: '' }, true)).toEqual({ password: 'required' });
    expect(validateSipLine({ ...line, password: '' }, false)).toEqual({});
    expect(validateSipLine({ ...line, password: '12345' }, false)).toEqual({ password: 'min6' });
  });
  it('names each problem', () => {
    expect(
      validateSipLine(
        {
          ...line,
          name: 'a',
          serverIp: '300.1.1.1',
          port: 0,
          account: 'abc',
          callerNumber: '12a',
          prefix: '12345678901',
          codec: 'OPUS',
          sendRate: '5-1',
          portCount: 10001,
          mode: 'x',
        },
        true,
      ),
    ).toEqual({
      name: 'name',
      serverIp: 'host',
      port: 'port',
      account: 'min6',
      callerNumber: 'digits20',
      prefix: 'digits10',
      codec: 'codec',
      sendRate: 'rate',
      portCount: 'portCount',
      mode: 'mode',
    });
    expect(validateSipLine({}, true)).toMatchObject({
      name: 'required',
      serverIp: 'required',
      port: 'required',
      account: 'required',
      password: 'required',
      sendRate: 'required',
    });
  });
});

describe('validateGateway and validateFsNode', () => {
  const gw = { name: '网关', authName: 'gwuser', authPassword: 'secret', sips: '10.0.0.1:5060' };
  it('checks auth lengths, sips and optional SIP targets', () => {
    expect(validateGateway(gw, true)).toEqual({});
    expect(validateGateway({ ...gw, authPassword: '' }, false)).toEqual({});
    expect(
      validateGateway({ ...gw, authName: 'abc', authPassword: '1', sips: 'x y', transferSip: '??' }, true),
    ).toEqual({ authName: 'min6', authPassword: 'min6', sips: 'sips', transferSip: 'sip' });
  });
  it('checks ESL host, port, weight and the password on create', () => {
    const n = { name: 'fs1', eslHost: '127.0.0.1', eslPort: 8021, eslPassword: 'ClueCon', weight: 10 };
    expect(validateFsNode(n, true)).toEqual({});
    expect(validateFsNode({ ...n, eslPassword: '' }, false)).toEqual({});
    expect(validateFsNode({ ...n, eslPassword: '', eslPort: 0, weight: 101, eslHost: 'a b' }, true)).toEqual({
      eslPassword: 'required',
      eslPort: 'port',
      weight: 'weight',
      eslHost: 'host',
    });
  });
});

describe('ASR settings', () => {
  it('validates per provider', () => {
    expect(validateAsr({ provider: 'none' }, false)).toEqual({});
    expect(validateAsr({ provider: 'sim' }, false)).toEqual({});
    expect(validateAsr({ provider: 'x' }, false)).toEqual({ provider: 'provider' });
    expect(validateAsr({ provider: 'unimrcp', unimrcpProfile: '' }, false)).toEqual({
      unimrcpProfile: 'required',
    });
    expect(validateAsr({ provider: 'aliyun', appKey: 'k', secret: '' }, false)).toEqual({
      secret: 'required',
    });
    expect(validateAsr({ provider: 'aliyun', appKey: 'k', secret: '' }, true)).toEqual({});
  });

  const link = (accountId: number, own: AsrChainLink['own']): AsrChainLink => ({
    accountId,
    account: `acc${accountId}`,
    own,
  });
  const aliyun = { provider: 'aliyun' as const, unimrcpProfile: '', appKey: 'k', secretSet: true };

  it('resolves own, then the nearest superior, then the default', () => {
    const mine = { provider: 'sim' as const, unimrcpProfile: '', appKey: '', secretSet: false };
    expect(resolveAsr([link(3, mine), link(2, aliyun)])).toEqual({
      effective: mine,
      source: { kind: 'own' },
    });
    expect(resolveAsr([link(3, null), link(2, null), link(1, aliyun)])).toEqual({
      effective: aliyun,
      source: { kind: 'inherited', accountId: 1, account: 'acc1' },
    });
    expect(resolveAsr([link(3, null), link(2, aliyun), link(1, mine)]).source).toEqual({
      kind: 'inherited',
      accountId: 2,
      account: 'acc2',
    });
    expect(resolveAsr([link(3, null)])).toEqual({
      effective: { provider: 'unimrcp', unimrcpProfile: '', appKey: '', secretSet: false },
      source: { kind: 'default' },
    });
    expect(resolveAsr([]).source).toEqual({ kind: 'default' });
  });
});

describe("a line's inbound numbers (issue 21)", () => {
  it('takes 2-20 digit numbers, no repeats, at most LINE_DIDS_MAX', () => {
    expect(validLineDids([])).toBe(true);
    expect(validLineDids(['4008001000', '02112345678'])).toBe(true);
    for (const bad of [['1'], ['40a8'], ['4008001000', '4008001000'], '4008001000', [4008001000], null])
      expect(validLineDids(bad)).toBe(false);
    expect(validLineDids(Array.from({ length: LINE_DIDS_MAX + 1 }, (_, i) => `40080${i}`))).toBe(false);
    expect(validateSipLine({ dids: ['x'] }, true).dids).toBe('dids');
    expect(validateSipLine({}, true).dids).toBeUndefined();
  });
  it('splits typed numbers and counts the caller number as one of them', () => {
    expect(splitDids(' 4008001000, 4008001001，4008001002\n4008001003 ')).toEqual([
      '4008001000',
      '4008001001',
      '4008001002',
      '4008001003',
    ]);
    expect(lineNumbers({ dids: ['4008001000'], callerNumber: '02100000009' })).toEqual([
      '4008001000',
      '02100000009',
    ]);
    expect(lineNumbers({ dids: ['4008001000'], callerNumber: '' })).toEqual(['4008001000']);
  });
  it("reads a line's id from its FreeSWITCH gateway name only", () => {
    expect(lineIdOfGateway(lineGatewayName(42))).toBe(42);
    for (const other of ['line-0', 'line-', 'line-4x', 'seatgw-3', 'LINE-3', ' line-3', null, undefined])
      expect(lineIdOfGateway(other)).toBeNull();
  });
});
