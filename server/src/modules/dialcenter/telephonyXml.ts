// The XML documents we hand to FreeSWITCH's mod_xml_curl (see fsapi.ts for the endpoint). Pure
// functions: the sofia.conf configuration with the `external` profile carrying one gateway per
// enabled SIP line, and the standard "not found" reply for anything we do not serve.
//
// Gateway params are mod_sofia's (conf/vanilla/sip_profiles/external/example.xml): username,
// password, realm, proxy, register, caller-id-in-from, expire-seconds, retry-seconds, ping. A gateway's
// <variables> with direction="outbound" are set on every call placed through it: that is where the
// line's codec (absolute_codec_string) and caller number (origination_caller_id_number) go.

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
    ...(g.callerNumber ? [variable('origination_caller_id_number', g.callerNumber)] : []),
  ];
  return `<gateway name="${xmlEscape(g.name)}">${params.join('')}<variables>${vars.join('')}</variables></gateway>`;
}

/** Settings of the external profile (the stock vanilla external.xml values that matter to us). */
const EXTERNAL_SETTINGS: [string, string][] = [
  ['context', 'public'],
  ['dialplan', 'XML'],
  ['sip-port', '5080'],
  ['rtp-ip', '$${local_ip_v4}'],
  ['sip-ip', '$${local_ip_v4}'],
  ['ext-rtp-ip', 'auto-nat'],
  ['ext-sip-ip', 'auto-nat'],
  ['inbound-codec-prefs', 'PCMA,PCMU,G729'],
  ['outbound-codec-prefs', 'PCMA,PCMU,G729'],
  ['inbound-codec-negotiation', 'generous'],
  ['auth-calls', 'false'],
  ['manage-presence', 'false'],
  ['rtp-timeout-sec', '300'],
  ['rtp-hold-timeout-sec', '1800'],
];

export function sofiaConfXml(gateways: SofiaGateway[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<document type="freeswitch/xml">',
    '<section name="configuration">',
    '<configuration name="sofia.conf" description="sofia Endpoint">',
    `<global_settings>${param('log-level', 0)}${param('debug-presence', 0)}</global_settings>`,
    '<profiles>',
    '<profile name="external">',
    `<gateways>${gateways.map(gatewayXml).join('')}</gateways>`,
    '<domains><domain name="all" alias="false" parse="true"/></domains>',
    `<settings>${EXTERNAL_SETTINGS.map(([k, v]) => param(k, v)).join('')}</settings>`,
    '</profile>',
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
