// vars.local.xml: the preprocessor variables (cp_*) config/freeswitch reads, one X-PRE-PROCESS set a
// line. Pure, so the launcher's choices are testable without a switch.
import { xmlEscape } from '../../server/src/modules/dialcenter/telephonyXml';

export interface FreeswitchVars {
  eslIp: string;
  eslPort: number;
  eslPassword: string;
  /** loopback.auto (workers on this host) or any_v4.auto (workers elsewhere). */
  eslAcl: string;
  sipIp: string;
  /** The address the profiles put in SDP and Contact (a NAT's public address; else sipIp). */
  extIp: string;
  externalSipPort: number;
  internalSipPort: number;
  wsPort: number;
  wssPort: number;
  rtpStart: number;
  rtpEnd: number;
  /** Base of the platform's FreeSWITCH endpoints, e.g. http://127.0.0.1:3000/fsapi (no trailing /). */
  fsapiUrl: string;
  fsapiUser: string;
  fsapiPassword: string;
  /** The seats' SIP domain (SOFTPHONE_DOMAIN): `originate user/<ext>` looks it up in this domain. */
  domain: string;
  mohDir: string;
  cdrErrorDir: string;
  logLevel: string;
  mediaTimeoutMs: number;
  mediaHoldTimeoutMs: number;
}

/** Values the preprocessor would misread: `$${…}` expansions and line breaks. */
function checkValue(name: string, v: string): string {
  if (/[\r\n]/.test(v) || v.includes('${'))
    throw new Error(`freeswitch vars: ${name} has a forbidden character`);
  return v;
}

export function varsXml(v: FreeswitchVars): string {
  const set: [string, string | number][] = [
    ['domain', v.domain],
    ['cp_esl_ip', v.eslIp],
    ['cp_esl_port', v.eslPort],
    ['cp_esl_password', v.eslPassword],
    ['cp_esl_acl', v.eslAcl],
    ['cp_sip_ip', v.sipIp],
    ['cp_ext_ip', v.extIp],
    ['cp_external_sip_port', v.externalSipPort],
    ['cp_internal_sip_port', v.internalSipPort],
    ['cp_ws_port', v.wsPort],
    ['cp_wss_port', v.wssPort],
    ['cp_rtp_start', v.rtpStart],
    ['cp_rtp_end', v.rtpEnd],
    ['cp_fsapi_url', v.fsapiUrl.replace(/\/+$/, '')],
    ['cp_fsapi_user', v.fsapiUser],
    ['cp_fsapi_password', v.fsapiPassword],
    ['cp_moh_dir', v.mohDir],
    ['cp_cdr_err_dir', v.cdrErrorDir],
    ['cp_log_level', v.logLevel],
    ['cp_media_timeout_ms', v.mediaTimeoutMs],
    ['cp_media_hold_timeout_ms', v.mediaHoldTimeoutMs],
  ];
  if (v.fsapiUser.includes(':')) throw new Error('freeswitch vars: fsapiUser must not contain ":"');
  const lines = set.map(
    ([k, val]) => `  <X-PRE-PROCESS cmd="set" data="${xmlEscape(`${k}=${checkValue(k, String(val))}`)}"/>`,
  );
  return [
    '<include>',
    '  <!-- Written by scripts/freeswitch/launch.ts. -->',
    ...lines,
    '</include>',
    '',
  ].join('\n');
}
