import { parseBrackets, parseEndpoint, splitArgs } from './dialstring';
import { apiResponse, CommandReader, serializeEvent } from './framing';

describe('CommandReader', () => {
  it('splits commands at blank lines whatever the chunking, and reads Content-Length bodies', () => {
    const r = new CommandReader();
    const body = '长文本';
    const text = `\n\nauth ClueCon\n\nsendmsg u1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}api status\n\n`;
    const bytes = Buffer.from(text);
    const out = [];
    for (let i = 0; i < bytes.length; i += 3) out.push(...r.push(bytes.subarray(i, i + 3)));
    expect(out.map((c) => c.line)).toEqual(['auth ClueCon', 'sendmsg u1', 'api status']);
    expect(out[1]!.body).toBe(body);
    expect(out[1]!.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  });
});

describe('serializeEvent', () => {
  const headers: Array<[string, string]> = [
    ['Event-Name', 'BACKGROUND_JOB'],
    ['Job-Command-Arg', 'a b/c'],
  ];
  it('url-encodes plain values and nests a body behind an inner Content-Length', () => {
    expect(serializeEvent('plain', headers, '+OK x\n')).toBe(
      'Event-Name: BACKGROUND_JOB\nJob-Command-Arg: a%20b%2Fc\nContent-Length: 6\n\n+OK x\n',
    );
    expect(serializeEvent('plain', headers)).toMatch(/a%20b%2Fc\n\n$/);
  });
  it('puts the body in _body for json', () => {
    expect(JSON.parse(serializeEvent('json', headers, 'é'))).toEqual({
      'Event-Name': 'BACKGROUND_JOB',
      'Job-Command-Arg': 'a b/c',
      'Content-Length': '2',
      _body: 'é',
    });
  });
  it('sends -ERR no reply for an empty api reply', () => {
    expect(apiResponse('')).toBe('Content-Type: api/response\nContent-Length: 14\n\n-ERR no reply\n');
  });
});

describe('dial strings', () => {
  it('parses {vars} with the ^^ separator and gateway endpoints', () => {
    const { vars, rest } = parseBrackets('{^^:a=1,2:b=x}sofia/gateway/gw1/13800138000');
    expect([...vars]).toEqual([
      ['a', '1,2'],
      ['b', 'x'],
    ]);
    expect(parseEndpoint(rest)).toEqual({
      channelName: 'sofia/external/13800138000',
      gateway: 'gw1',
      number: '13800138000',
    });
    expect(splitArgs('{a=b c}sofia/x/1 &park() XML')).toEqual(['{a=b c}sofia/x/1', '&park()', 'XML']);
  });
});
