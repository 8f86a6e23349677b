import os from 'node:os';
import path from 'node:path';
import { EslInputError } from '../esl/guard';
import { originateCommand, playbackArg, recordCommand, seatDialString } from './commands';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('switch commands', () => {
  it('builds the originate from checked digits only', () => {
    expect(
      originateCommand({ callUuid: uuid, lineId: 4, phone: '13800000001' }, '9', '02100000009', 45),
    ).toBe(
      `originate {origination_uuid=${uuid},origination_caller_id_number=02100000009,originate_timeout=45}` +
        'sofia/gateway/line-4/913800000001 &park()',
    );
    const bad = [
      ['1380000000,x', '', ''],
      ['13800000001', '9}', ''],
      ['13800000001', '', '021,origination_uuid=x'],
    ];
    for (const [phone, prefix, caller] of bad)
      expect(() =>
        originateCommand({ callUuid: uuid, lineId: 4, phone: phone! }, prefix!, caller!, 45),
      ).toThrow(EslInputError);
  });

  it('plays only files of the prompt cache, with escaped text and a sequence tag', () => {
    const file = path.join(os.tmpdir(), 'callplat-prompts', 'abc.wav');
    expect(playbackArg('您好,张先生}', file, '3')).toBe(`{sim_text=您好，张先生）,cp_seq=3}${file}`);
    expect(() => playbackArg('x', '/etc/passwd')).toThrow(EslInputError);
    expect(() => recordCommand(uuid, file)).toThrow(EslInputError);
  });
});

describe('seatDialString', () => {
  const line = { lineId: 3, prefix: '' };
  const ext = { type: 'extension' as const, extension: '8001', mobile: null };
  it("dials an extension seat, naming the call in the INVITE when given (the softphone's answer)", () => {
    expect(seatDialString(ext, line)).toBe('user/8001');
    expect(seatDialString(ext, line, uuid)).toBe(`{sip_h_X-Call-UUID=${uuid}}user/8001`);
    expect(() => seatDialString(ext, line, 'x}user/9;')).toThrow();
  });
  it('dials a mobile seat through the call line', () => {
    expect(seatDialString({ type: 'mobile', extension: null, mobile: '13800000001' }, line)).toBe(
      'sofia/gateway/line-3/13800000001',
    );
  });
});
