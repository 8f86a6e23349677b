// The XML documents we hand to FreeSWITCH's mod_xml_curl (see fsapi.ts for the endpoint). Pure
// functions: the sofia.conf configuration with the `external` profile carrying one gateway per
// enabled SIP line and the `internal` profile for the seats (SIP and WebSocket), and the standard
// "not found" reply for anything we do not serve.
//
// Gateway params are mod_sofia's (conf/vanilla/sip_profiles/external/example.xml): username,
// password, realm, proxy, register, caller-id-in-from, expire-seconds, retry-seconds, ping. A gateway's
// <variables> with direction="outbound" are set on every call placed through it: that is where the
// line's codec (absolute_codec_string), caller number (origination_caller_id_number) and the media
// timeouts go.

export interface SofiaGateway {
  /** line-<id> */
  name: string;
  username: string;
  /** Decrypted: this document is the one place a line password leaves the platform, to FreeSWITCH. */
  password: string;
  host: string;
  port: number;
  /** register: FreeSWITCH registers to the carrier; gateway (IP trunk): no registration. */
  register: boolean;
  callerNumber: string;
  codec: string;
}

// Control characters XML 1.0 does not allow (tab, line feed and carriage return are fine).
const FORBIDDEN = new Set([...Array(32).keys()].filter((c) => c !== 9 && c !== 10 && c !== 13));

/** XML-escapes text for attribute values and content (also the control characters XML 1.0 forbids). */
export function xmlEscape(s: string): string {
  return [...s]
    .filter((c) => !FORBIDDEN.has(c.charCodeAt(0)))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const param = (name: string, value: string | number | boolean) =>
  `<param name="${xmlEscape(name)}" value="${xmlEscape(String(value))}"/>`;
const variable = (name: string, value: string) =>
  `<variable name="${xmlEscape(name)}" value="${xmlEscape(value)}" direction="outbound"/>`;

/** No RTP for this long hangs a call up (ms): media_timeout replaces the deprecated rtp-timeout-sec. */
export const MEDIA_TIMEOUT_MS = 300_000;
export const MEDIA_HOLD_TIMEOUT_MS = 1_800_000;

export const EXPIRE_SECONDS = 600;
export const RETRY_SECONDS = 30;

export function gatewayXml(g: SofiaGateway): string {
  const target = `${g.host}:${g.port}`;
  const params = [
    param('username', g.username),
    param('password', g.password),
    param('realm', target),
    param('proxy', target),
    param('register', g.register),
    param('caller-id-in-from', true),
    param('expire-seconds', EXPIRE_SECONDS),
    param('retry-seconds', RETRY_SECONDS),
    // A call the carrier sends to this gateway keeps the number it dialled (the To user) as its
    // destination; left out, mod_sofia would put the gateway's username there, and the media worker
    // routes inbound calls by that number and this gateway (media/src/calls/inboundRoute.ts).
    param('extension', 'auto_to_user'),
    // An IP trunk has no registration to show it is alive: OPTIONS pings do.
    ...(g.register ? [] : [param('ping', 30)]),
  ];
  const vars = [
    variable('absolute_codec_string', g.codec),
    variable('media_timeout', String(MEDIA_TIMEOUT_MS)),
    variable('media_hold_timeout', String(MEDIA_HOLD_TIMEOUT_MS)),
    ...(g.callerNumber ? [variable('origination_caller_id_number', g.callerNumber)] : []),
  ];
  return `<gateway name="${xmlEscape(g.name)}">${params.join('')}<variables>${vars.join('')}</variables></gateway>`;
}

// Addresses and ports are the node's own preprocessor variables (config/freeswitch, vars.local.xml
// written by scripts/freeswitch/launch.ts): FreeSWITCH expands $${…} in a fetched document as in its
// files, so this one document serves every node.

/** Settings both profiles share. */
const COMMON_SETTINGS: [string, string][] = [
  ['dialplan', 'XML'],
  ['sip-ip', '$${cp_sip_ip}'],
  ['rtp-ip', '$${cp_sip_ip}'],
  ['ext-sip-ip', '$${cp_ext_ip}'],
  ['ext-rtp-ip', '$${cp_ext_ip}'],
  ['inbound-codec-negotiation', 'generous'],
  ['manage-presence', 'false'],
  // Without a timer FreeSWITCH paces our prompts by the far end's packets: a silent customer stalls
  // playback and recording (issue 20, point 2).
  ['rtp-timer-name', 'soft'],
  ['dtmf-type', 'rfc2833'],
  ['user-agent-string', 'callplat'],
];

/** The carriers' side: one gateway per line, calls from them go to the park dialplan. */
const EXTERNAL_SETTINGS: [string, string][] = [
  ['context', 'public'],
  ['sip-port', '$${cp_external_sip_port}'],
  ['inbound-codec-prefs', 'PCMA,PCMU,G729'],
  ['outbound-codec-prefs', 'PCMA,PCMU,G729'],
  ['auth-calls', 'false'],
];

/**
 * The seats' side: desk phones over UDP/TCP, the web softphone over WebSocket (RFC 7118). Every call
 * and registration is authenticated against the directory (../softphone/directory.ts), whose answer
 * puts the seat's calls in the `seats` dialplan context.
 */
function internalSettings(wssPort: number | null): [string, string][] {
  return [
    ['context', 'seats'],
    ['sip-port', '$${cp_internal_sip_port}'],
    ['ws-binding', ':$${cp_ws_port}'],
    // WSS needs certs/wss.pem on the node: only where the platform says there is one (FS_WSS_PORT).
    ...(wssPort ? ([['wss-binding', `:${wssPort}`]] as [string, string][]) : []),
    ['inbound-codec-prefs', 'PCMU,PCMA'],
    ['outbound-codec-prefs', 'PCMU,PCMA'],
    ['auth-calls', 'true'],
    ['challenge-realm', 'auto_from'],
    ['nonce-ttl', '60'],
    ['local-network-acl', 'localnet.auto'],
    // Browsers on this host or the LAN: their ICE candidates are accepted from these networks.
    ['apply-candidate-acl', 'loopback.auto'],
    ['apply-candidate-acl', 'rfc1918.auto'],
    ['apply-candidate-acl', 'localnet.auto'],
  ];
}

export type SofiaProfileName = 'external' | 'internal';
export const SOFIA_PROFILES: readonly SofiaProfileName[] = ['external', 'internal'];

export interface SofiaOptions {
  /** Only this profile (a reload of one profile names it); both when absent. */
  profile?: SofiaProfileName;
  /** The internal profile's WSS port, or null for WS only. */
  wssPort?: number | null;
}

const settingsXml = (s: [string, string][]) =>
  `<settings>${s.map(([k, v]) => param(k, v)).join('')}</settings>`;

function profileXml(name: SofiaProfileName, gateways: SofiaGateway[], wssPort: number | null): string {
  if (name === 'internal')
    return `<profile name="internal">${settingsXml([...COMMON_SETTINGS, ...internalSettings(wssPort)])}</profile>`;
  return [
    '<profile name="external">',
    `<gateways>${gateways.map(gatewayXml).join('')}</gateways>`,
    '<domains><domain name="all" alias="false" parse="true"/></domains>',
    settingsXml([...COMMON_SETTINGS, ...EXTERNAL_SETTINGS]),
    '</profile>',
  ].join('');
}

export function sofiaConfXml(gateways: SofiaGateway[], opts: SofiaOptions = {}): string {
  const names = opts.profile ? [opts.profile] : SOFIA_PROFILES;
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<document type="freeswitch/xml">',
    '<section name="configuration">',
    '<configuration name="sofia.conf" description="sofia Endpoint">',
    `<global_settings>${param('log-level', 0)}${param('debug-presence', 0)}</global_settings>`,
    '<profiles>',
    ...names.map((n) => profileXml(n, gateways, opts.wssPort ?? null)),
    '</profiles>',
    '</configuration>',
    '</section>',
    '</document>',
  ].join('\n');
}

/** What mod_xml_curl expects when we have nothing for the request: FreeSWITCH falls back to its files. */
export const NOT_FOUND_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
  '<document type="freeswitch/xml"><section name="result"><result status="not found"/></section></document>';
