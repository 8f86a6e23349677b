// What a FreeSWITCH node can do, asked on every ESL connect (node.ts) and its gateways refreshed with
// the status round (status.ts). The command strings below are stable: the simulator (media/src/sim)
// answers exactly these, the way the real switch does. Captured from FreeSWITCH 1.10.12-release
// (/opt/freeswitch, stock conf plus two gateways), through `api` (fs_cli -x gives the same bodies):
//
//   api module_exists mod_avmd               -> "true"         (mod_commands: "true" / "false", no newline)
//   api module_exists mod_unimrcp            -> "false"
//   api module_exists mod_google_transcribe  -> "false"
//
//   api show codec                           (`show codecs` is the same; `as json` works too)
//     type,name,ikey
//     codec,G.711 alaw,CORE_PCM_MODULE
//     codec,G.711 ulaw,CORE_PCM_MODULE
//     codec,PROXY PASS-THROUGH,CORE_PCM_MODULE
//     codec,PROXY VIDEO PASS-THROUGH,CORE_PCM_MODULE
//     codec,RAW Signed Linear (16 bit),CORE_PCM_MODULE
//     codec,Speex,CORE_SPEEX_MODULE
//     <empty line>
//     6 total.
//   (no G.729 in this build: a G729 line cannot be offered; mod_g729 would add "codec,G.729,mod_g729")
//
//   api sofia xmlstatus gateway              (every gateway of every profile; -ERR … Command not
//                                             found! when mod_sofia is not loaded)
//     <?xml version="1.0" encoding="ISO-8859-1"?>
//     <gateways>
//       <gateway>
//         <name>line-4</name>
//         <profile>external</profile>
//         …
//         <proxy>sip:127.0.0.1:23997</proxy>
//         …
//         <state>NOREG</state>        registration: NOREG (register=false), REGED, TRYING, FAIL_WAIT, …
//         <status>UP</status>         pings: UP, or DOWN once `ping` OPTIONS go unanswered
//         <uptime-usec>14985603</uptime-usec>
//         …
//       </gateway>
//       <gateway>
//         <name>line-3</name>          (ping=5, nobody at its proxy)
//         …
//         <state>NOREG</state>
//         <status>DOWN</status>
//         …
//       </gateway>
//     </gateways>
//   (`sofia status gateway` is a text table without the UP/DOWN status: not used.)
//
// What the same switch answers when dialling a line in those states (bgapi originate, no channel
// is created, no CHANNEL_HANGUP_COMPLETE):
//   originate … sofia/gateway/line-3/13800000000 &park()   -> "-ERR GATEWAY_DOWN"
//   originate … sofia/gateway/line-99/13800000000 &park()  -> "-ERR INVALID_GATEWAY"
//   sofia profile external killgw line-99                  -> "-ERR no such gateway."
//   sofia profile external killgw line-4                   -> "+OK gateway marked for deletion."
//   sofia profile external rescan                          -> "Reload XML [Success]\n+OK scan complete"
import {
  PROBED_MODULES,
  type GatewayProbe,
  type NodeProbe,
  type ProbedModule,
} from '../../../domain/fsProbe';

export const PROBE_COMMANDS = {
  module: (m: ProbedModule) => `module_exists ${m}`,
  codecs: 'show codec',
  gateways: 'sofia xmlstatus gateway',
} as const;

/** "true"/"false"; anything else (an -ERR, a simulator that does not know the command): unknown. */
export function parseModuleExists(body: string): boolean | null {
  const t = body.trim();
  return t === 'true' ? true : t === 'false' ? false : null;
}

/** The codec names of `show codec`; null when the body is not that table. */
export function parseCodecs(body: string): string[] | null {
  const lines = body.split('\n').map((l) => l.trim());
  if (lines[0] !== 'type,name,ikey') return null;
  const out: string[] = [];
  for (const l of lines.slice(1)) {
    if (!l.startsWith('codec,')) continue;
    // The name never holds a comma in FreeSWITCH's codecs; the module key is the last field.
    const name = l.slice('codec,'.length, l.lastIndexOf(','));
    if (name) out.push(name);
  }
  return out;
}

const tag = (xml: string, name: string): string =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.trim() ?? '';

/** The gateways of `sofia xmlstatus gateway`; null when the body is not that document. */
export function parseGateways(body: string): GatewayProbe[] | null {
  if (!body.includes('<gateways')) return null;
  const out: GatewayProbe[] = [];
  for (const m of body.matchAll(/<gateway>([\s\S]*?)<\/gateway>/g)) {
    const name = tag(m[1]!, 'name');
    if (name) out.push({ name, state: tag(m[1]!, 'state'), status: tag(m[1]!, 'status') });
  }
  return out;
}

type Api = (cmd: string) => Promise<string>;

export async function probeGateways(api: Api): Promise<GatewayProbe[] | null> {
  return parseGateways(await api(PROBE_COMMANDS.gateways).catch(() => ''));
}

/** The full probe, one command at a time (api blocks the switch's ESL thread only briefly). */
export async function probeNode(api: Api): Promise<NodeProbe> {
  const modules: NodeProbe['modules'] = {};
  for (const m of PROBED_MODULES) {
    const v = parseModuleExists(await api(PROBE_COMMANDS.module(m)).catch(() => ''));
    if (v !== null) modules[m] = v;
  }
  const codecs = parseCodecs(await api(PROBE_COMMANDS.codecs).catch(() => ''));
  const gateways = await probeGateways(api);
  const at = new Date().toISOString();
  return { modules, codecs, gateways, at, gatewaysAt: gateways ? at : null };
}
