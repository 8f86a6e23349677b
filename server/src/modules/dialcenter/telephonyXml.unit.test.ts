import { basicAuthOk } from './fsapi';
import { NOT_FOUND_XML, gatewayXml, sofiaConfXml, xmlEscape, type SofiaGateway } from './telephonyXml';

const gw: SofiaGateway = {
  name: 'line-7',
  username: 'acct01',
  password: 'pw',
  host: '10.0.0.1',
  port: 5060,
  register: true,
  callerNumber: '02100000001',
  codec: 'G729',
};

it('escapes the five XML characters and drops control characters', () => {
  expect(xmlEscape(`a&b<c>d"e'f\u0001g`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg');
});

it('registers in register mode, not in gateway mode (and pings the trunk instead)', () => {
  const reg = gatewayXml(gw);
  expect(reg).toContain('<param name="register" value="true"/>');
  expect(reg).not.toContain('name="ping"');
  const trunk = gatewayXml({ ...gw, register: false });
  expect(trunk).toContain('<param name="register" value="false"/>');
  expect(trunk).toContain('<param name="ping" value="30"/>');
});

it('carries realm/proxy, caller id, expiry and the codec as outbound variables', () => {
  const x = gatewayXml(gw);
  expect(x.startsWith('<gateway name="line-7">')).toBe(true);
  for (const part of [
    '<param name="username" value="acct01"/>',
    '<param name="password" value="pw"/>',
    '<param name="realm" value="10.0.0.1:5060"/>',
    '<param name="proxy" value="10.0.0.1:5060"/>',
    '<param name="caller-id-in-from" value="true"/>',
    '<param name="expire-seconds" value="600"/>',
    '<param name="extension" value="auto_to_user"/>',
    '<variable name="absolute_codec_string" value="G729" direction="outbound"/>',
    '<variable name="origination_caller_id_number" value="02100000001" direction="outbound"/>',
  ])
    expect(x).toContain(part);
  expect(gatewayXml({ ...gw, callerNumber: '' })).not.toContain('origination_caller_id_number');
});

it('escapes hostile values so the document stays well-formed', () => {
  const x = gatewayXml({ ...gw, username: '"/><evil/>', password: '</param>&' });
  expect(x).not.toContain('<evil/>');
  expect(x).toContain('value="&quot;/&gt;&lt;evil/&gt;"');
  expect(x).toContain('value="&lt;/param&gt;&amp;"');
});

it('wraps the gateways in the external profile of sofia.conf', () => {
  const doc = sofiaConfXml([gw, { ...gw, name: 'line-8', register: false }]);
  expect(doc).toMatch(/^<\?xml version="1.0"/);
  expect(doc).toContain('<document type="freeswitch/xml">');
  expect(doc).toContain('<section name="configuration">');
  expect(doc).toContain('<configuration name="sofia.conf"');
  expect(doc).toContain('<profile name="external">');
  expect(doc.match(/<gateway name=/g)).toHaveLength(2);
  expect(sofiaConfXml([])).toContain('<gateways></gateways>');
  expect(NOT_FOUND_XML).toContain(
    '<document type="freeswitch/xml"><section name="result"><result status="not found"/></section></document>',
  );
});

it('checks HTTP Basic credentials exactly', () => {
  const h = (s: string) => 'Basic ' + Buffer.from(s).toString('base64');
  expect(basicAuthOk(h('fs:pw:x'), 'fs', 'pw:x')).toBe(true);
  expect(basicAuthOk(h('fs:pw'), 'fs', 'pw2')).toBe(false);
  expect(basicAuthOk(h('fsx:pw'), 'fs', 'pw')).toBe(false);
  expect(basicAuthOk(h('fs:'), 'fs', '')).toBe(false);
  expect(basicAuthOk(undefined, 'fs', 'pw')).toBe(false);
  expect(basicAuthOk('Basic !!!', 'fs', 'pw')).toBe(false);
});
