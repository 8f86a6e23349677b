// What a FreeSWITCH node can do, as the media worker probes it on every ESL connect
// (media/src/esl/probe.ts), and the pure rules built on it: which node may carry a call, and when a
// SIP line is at fault (issue 20 points 5 and 6). The media worker keeps the probe in the node's
// status (domain/media.ts FsNodeStatus.probe); the server reads it to clear line faults.
import { reasonZh, type ReasonMessage } from './reasons';
import type { AsrProvider, Codec } from './telephony-config';

/** Modules probed with `module_exists` (recognizers and beep detection). */
export const PROBED_MODULES = ['mod_avmd', 'mod_unimrcp', 'mod_google_transcribe'] as const;
export type ProbedModule = (typeof PROBED_MODULES)[number];

/** One sofia gateway (`sofia xmlstatus gateway`): state is the registration, status UP/DOWN the pings. */
export interface GatewayProbe {
  name: string;
  state: string;
  status: string;
}

export interface NodeProbe {
  /** true/false per module; a module missing here could not be asked (unknown). */
  modules: Partial<Record<ProbedModule, boolean>>;
  /** `show codec` names ("G.711 alaw"); null: unknown. */
  codecs: string[] | null;
  /** Gateways of every profile; null: unknown. */
  gateways: GatewayProbe[] | null;
  /** ISO time of the full probe (connect) and of the last gateway refresh. */
  at: string;
  gatewaysAt: string | null;
}

/** The recognizer module an ASR provider needs on the switch (resolve.ts adapters); null: none. */
export function recognizerModule(
  provider: AsrProvider | 'default' | 'unimrcp' | 'google_transcribe',
): ProbedModule | null {
  if (provider === 'none') return null;
  if (provider === 'google' || provider === 'google_transcribe') return 'mod_google_transcribe';
  return 'mod_unimrcp';
}

/** A line's codec as `show codec` names it (mod_g729 registers "G.729"). */
export const CODEC_NAMES: Record<Codec, string> = { PCMA: 'G.711 alaw', PCMU: 'G.711 ulaw', G729: 'G.729' };

/** What keeps a line from placing calls. */
export type LineFaultCause = 'GATEWAY_DOWN' | 'INVALID_GATEWAY' | 'CODEC_MISSING';
/** Originate failures that are the line's, not the number's: nothing rang, no channel. */
export const LINE_FAULT_CAUSES: readonly LineFaultCause[] = ['GATEWAY_DOWN', 'INVALID_GATEWAY'];
export const isLineFaultCause = (cause: string | null | undefined): cause is LineFaultCause =>
  (LINE_FAULT_CAUSES as readonly string[]).includes(cause ?? '');

/** Why a call was refused before (or instead of) ringing: the record's reason.fault. */
export type CallFault =
  /** lineId: absent when the originate's answer named it (the record's line_id says which). */
  | { kind: 'line'; lineId?: number; cause: LineFaultCause; codec?: string }
  | { kind: 'recognizer'; module: ProbedModule };

/** The fault as a message (domain/reasons.ts), rendered in the reader's language. */
export function faultMessage(f: CallFault): ReasonMessage {
  if (f.kind === 'recognizer') return { code: 'fault_recognizer', params: { module: f.module } };
  const line: ReasonMessage = f.lineId
    ? { code: 'line_id', params: { id: String(f.lineId) } }
    : { code: 'line_any' };
  if (f.cause === 'CODEC_MISSING') return { code: 'fault_codec', params: { line, codec: f.codec ?? '' } };
  if (f.cause === 'INVALID_GATEWAY') return { code: 'fault_invalidGateway', params: { line } };
  return { code: 'fault_gatewayDown', params: { line } };
}

/** The text the merchant reads in zh-CN (task notes, logs; stored with the reason). */
export const faultText = (f: CallFault): string => reasonZh(faultMessage(f));

/** The record's reason for a call refused for a fault (kind notPlaced: the number goes back). */
export const faultReason = (f: CallFault) => ({
  kind: 'notPlaced' as const,
  ...faultMessage(f),
  text: faultText(f),
  fault: f,
});

export interface CallNeeds {
  lineId: number;
  gateway: string;
  codec: string;
  module: ProbedModule | null;
}

/**
 * Why this node cannot carry the call, or null when it can (or the probe does not know: a node
 * that could not be asked is tried, and the originate's answer decides).
 */
export function nodeRefusal(probe: NodeProbe | null | undefined, need: CallNeeds): CallFault | null {
  if (!probe) return null;
  if (need.module && probe.modules[need.module] === false) return { kind: 'recognizer', module: need.module };
  const codecName = CODEC_NAMES[need.codec as Codec];
  if (codecName && probe.codecs && !probe.codecs.includes(codecName))
    return { kind: 'line', lineId: need.lineId, cause: 'CODEC_MISSING', codec: need.codec };
  const gw = probe.gateways?.find((g) => g.name === need.gateway);
  if (gw && gw.status === 'DOWN') return { kind: 'line', lineId: need.lineId, cause: 'GATEWAY_DOWN' };
  return null;
}

/** A line fault is over when some node's probe says the line can be used again. */
export function lineHealed(
  fault: LineFaultCause,
  line: { gateway: string; codec: string },
  probes: readonly NodeProbe[],
): boolean {
  return probes.some((p) => {
    if (fault === 'CODEC_MISSING') {
      const name = CODEC_NAMES[line.codec as Codec];
      return !!p.codecs && (!name || p.codecs.includes(name));
    }
    const gw = p.gateways?.find((g) => g.name === line.gateway);
    return gw !== undefined && gw.status !== 'DOWN';
  });
}

/** A probe as a worker reported it (Redis JSON), checked; null when absent or malformed. */
export function readProbe(v: unknown): NodeProbe | null {
  if (typeof v !== 'object' || v === null) return null;
  const p = v as Record<string, unknown>;
  const modules: NodeProbe['modules'] = {};
  if (typeof p.modules === 'object' && p.modules !== null)
    for (const m of PROBED_MODULES) {
      const b = (p.modules as Record<string, unknown>)[m];
      if (typeof b === 'boolean') modules[m] = b;
    }
  const strs = (a: unknown) =>
    Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : null;
  const gateways = Array.isArray(p.gateways)
    ? p.gateways
        .filter((g): g is GatewayProbe => typeof g === 'object' && g !== null && typeof g.name === 'string')
        .map((g) => ({ name: g.name, state: String(g.state ?? ''), status: String(g.status ?? '') }))
    : null;
  return {
    modules,
    codecs: strs(p.codecs),
    gateways,
    at: typeof p.at === 'string' ? p.at : new Date(0).toISOString(),
    gatewaysAt: typeof p.gatewaysAt === 'string' ? p.gatewaysAt : null,
  };
}
