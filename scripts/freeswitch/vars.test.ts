import { profilesRunning } from './launch';
import { varsXml, type FreeswitchVars } from './vars';

const v: FreeswitchVars = {
  eslIp: '127.0.0.1',
  eslPort: 21021,
  eslPassword: 'pw&<x>',
  eslAcl: 'loopback.auto',
  sipIp: '127.0.0.1',
  extIp: '127.0.0.1',
  externalSipPort: 21080,
  internalSipPort: 21060,
  wsPort: 21066,
  wssPort: 21067,
  rtpStart: 21400,
  rtpEnd: 21499,
  fsapiUrl: 'http://127.0.0.1:3000/fsapi/',
  fsapiUser: 'freeswitch',
  fsapiPassword: 'secret',
  domain: 'callplat.local',
  mohDir: '/tmp/moh',
  cdrErrorDir: '/tmp/cdr',
  logLevel: 'warning',
  mediaTimeoutMs: 300000,
  mediaHoldTimeoutMs: 1800000,
};

it('writes one preprocessor set per variable, XML-escaped, the fsapi URL without a trailing slash', () => {
  const x = varsXml(v);
  expect(x).toContain('<X-PRE-PROCESS cmd="set" data="cp_esl_port=21021"/>');
  expect(x).toContain('<X-PRE-PROCESS cmd="set" data="cp_esl_password=pw&amp;&lt;x&gt;"/>');
  expect(x).toContain('<X-PRE-PROCESS cmd="set" data="cp_fsapi_url=http://127.0.0.1:3000/fsapi"/>');
  expect(x).toContain('<X-PRE-PROCESS cmd="set" data="domain=callplat.local"/>');
  expect(x).toContain('<X-PRE-PROCESS cmd="set" data="cp_ws_port=21066"/>');
});

it('refuses values the preprocessor would misread', () => {
  expect(() => varsXml({ ...v, eslPassword: 'a${b}' })).toThrow(/cp_esl_password/);
  expect(() => varsXml({ ...v, fsapiPassword: 'a\nb' })).toThrow(/cp_fsapi_password/);
  expect(() => varsXml({ ...v, fsapiUser: 'a:b' })).toThrow(/fsapiUser/);
});

it('reads the profiles that run from `sofia status`', () => {
  const status = [
    '                     Name\t   Type\t                                      Data\tState',
    '=================================================================================================',
    '             external\tprofile\t           sip:mod_sofia@127.0.0.1:21080\tRUNNING (0)',
    '             internal\tprofile\t           sip:mod_sofia@127.0.0.1:21060\tRUNNING (0)',
    '        line-3\tgateway\t           sip:a@127.0.0.1\tNOREG',
  ].join('\n');
  expect(profilesRunning(status, ['external', 'internal'])).toBe(true);
  expect(profilesRunning(status.replace('internal\tprofile', 'internal\tgateway'), ['internal'])).toBe(false);
  expect(profilesRunning('', ['external'])).toBe(false);
});
