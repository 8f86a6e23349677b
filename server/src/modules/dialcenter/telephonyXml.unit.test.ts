import { basicAuthOk, cdrDocument } from './fsapi';
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
    // media_timeout (ms) replaces the deprecated rtp-timeout-sec / rtp-hold-timeout-sec.
    '<variable name="media_timeout" value="300000" direction="outbound"/>',
    '<variable name="media_hold_timeout" value="1800000" direction="outbound"/>',
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

it('wraps the gateways in the external profile of sofia.conf, next to the internal one', () => {
  const doc = sofiaConfXml([gw, { ...gw, name: 'line-8', register: false }]);
  expect(doc).toMatch(/^<\?xml version="1.0"/);
  expect(doc).toContain('<document type="freeswitch/xml">');
  expect(doc).toContain('<section name="configuration">');
  expect(doc).toContain('<configuration name="sofia.conf"');
  expect(doc).toContain('<profile name="external">');
  expect(doc).toContain('<profile name="internal">');
  expect(doc.match(/<gateway name=/g)).toHaveLength(2);
  expect(sofiaConfXml([])).toContain('<gateways></gateways>');
  expect(NOT_FOUND_XML).toContain(
    '<document type="freeswitch/xml"><section name="result"><result status="not found"/></section></document>',
  );
});

/** The <settings> of one profile of a sofia.conf document, as name -> values. */
function settingsOf(doc: string, profile: string): Map<string, string[]> {
  const m = new RegExp(`<profile name="${profile}">.*?<settings>(.*?)</settings>`, 's').exec(doc);
  const out = new Map<string, string[]>();
  for (const p of m?.[1]?.matchAll(/<param name="([^"]*)" value="([^"]*)"\/>/g) ?? [])
    out.set(p[1]!, [...(out.get(p[1]!) ?? []), p[2]!]);
  return out;
}

it('gives both profiles the soft RTP timer and no deprecated RTP timeouts', () => {
  const doc = sofiaConfXml([gw]);
  for (const profile of ['external', 'internal']) {
    const s = settingsOf(doc, profile);
    expect(s.get('rtp-timer-name')).toEqual(['soft']);
    expect(s.has('rtp-timeout-sec')).toBe(false);
    expect(s.has('rtp-hold-timeout-sec')).toBe(false);
  }
});

it("takes addresses and ports from the node's preprocessor variables, so one document serves every node", () => {
  const doc = sofiaConfXml([gw]);
  const ext = settingsOf(doc, 'external');
  expect(ext.get('sip-port')).toEqual(['$${cp_external_sip_port}']);
  expect(ext.get('sip-ip')).toEqual(['$${cp_sip_ip}']);
  expect(ext.get('rtp-ip')).toEqual(['$${cp_sip_ip}']);
  expect(ext.get('context')).toEqual(['public']);
  const int = settingsOf(doc, 'internal');
  expect(int.get('sip-port')).toEqual(['$${cp_internal_sip_port}']);
  expect(int.get('ws-binding')).toEqual([':$${cp_ws_port}']);
});

it('authenticates every seat on the internal profile and sends its calls to the seats context', () => {
  const int = settingsOf(sofiaConfXml([]), 'internal');
  expect(int.get('auth-calls')).toEqual(['true']);
  expect(int.get('context')).toEqual(['seats']);
  expect(int.get('apply-candidate-acl')).toEqual(['loopback.auto', 'rfc1918.auto', 'localnet.auto']);
  // Browsers speak G.711 here (no opus module on the switch).
  expect(int.get('inbound-codec-prefs')).toEqual(['PCMU,PCMA']);
});

it('binds WSS only where the platform says the switches have a certificate', () => {
  expect(settingsOf(sofiaConfXml([]), 'internal').has('wss-binding')).toBe(false);
  expect(settingsOf(sofiaConfXml([], { wssPort: 7443 }), 'internal').get('wss-binding')).toEqual([':7443']);
});

it('serves only the profile a reload names', () => {
  const ext = sofiaConfXml([gw], { profile: 'external' });
  expect(ext).toContain('<profile name="external">');
  expect(ext).not.toContain('<profile name="internal">');
  const int = sofiaConfXml([gw], { profile: 'internal' });
  expect(int).toContain('<profile name="internal">');
  expect(int).not.toContain('<gateway ');
});

it('reads a CDR post as raw JSON whatever its Content-Type, else the cdr= form field', () => {
  const doc = { variables: { uuid: 'u' } };
  const json = JSON.stringify(doc);
  // encode false with disable-100-continue: raw JSON labelled as a form.
  expect(cdrDocument('application/x-www-form-urlencoded', json)).toEqual(doc);
  expect(cdrDocument('application/json', json)).toEqual(doc);
  expect(cdrDocument('application/x-www-form-urlencoded', `cdr=${encodeURIComponent(json)}`)).toEqual(doc);
  expect(
    cdrDocument('application/x-www-form-base64-encoded', `cdr=${Buffer.from(json).toString('base64')}`),
  ).toEqual(doc);
  expect(cdrDocument('application/json', 'cdr=x')).toBeNull();
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
