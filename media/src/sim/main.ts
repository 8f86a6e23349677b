// Runs the FreeSWITCH simulator as its own process: `tsx media/src/sim/main.ts`.
// SIM_PORT (8021), SIM_HOST (127.0.0.1), SIM_PASSWORD (ClueCon), SIM_SEED (1), SIM_TIME_SCALE (1),
// SIM_PERSONAS (path to a JSON array of personas; default: personas.default.json).
// SIM_SIP_WS_PORT (5066, or off when SIM_PORT=0; 0 = off): the SIP-over-WebSocket registrar for the web softphone, on SIM_HOST;
// it reads extensions from the platform's mod_xml_curl directory at SIM_DIRECTORY_URL
// (http://127.0.0.1:$PORT/fsapi/xml) with FS_XML_CURL_USER / FS_XML_CURL_PASSWORD.
// Like FreeSWITCH it fetches sofia.conf there too (SIM_SOFIA_URL, same default; "off" = every gateway
// name is up; off by default when SIM_PORT=0), retried until the platform answers, and again on
// `sofia profile external rescan`.
// SIM_GATEWAY_PING: "personas" (default: the virtual carriers answer every line's pings) or "udp"
// (real SIP OPTIONS to each pinged gateway's proxy: DOWN when nothing answers there).
// SIM_MODULES: comma-separated loaded modules (default modules.ts DEFAULT_SIM_MODULES; leave out
// mod_unimrcp / mod_google_transcribe / mod_avmd / mod_g729 to act as a switch without them).
// SIM_FILES: "check" (default: a prompt file not on this disk answers FILE NOT FOUND) or "assume"
// (default when SIM_PORT=0).
import { readFileSync } from 'node:fs';
import type { Persona } from './personas';
import { gatewaysFromXmlCurl } from './gateways';
import { modulesFromEnv } from './modules';
import { startSimulator } from './server';
import { sipOptionsPing } from './sipPing';
import { jsonCdrPoster } from './sipws/cdr';
import { xmlCurlDirectory } from './sipws/directory';

async function main(): Promise<void> {
  const env = process.env;
  const personas = env.SIM_PERSONAS
    ? (JSON.parse(readFileSync(env.SIM_PERSONAS, 'utf8')) as Persona[])
    : undefined;
  const sim = await startSimulator({
    port: Number(env.SIM_PORT ?? 8021),
    host: env.SIM_HOST ?? '127.0.0.1',
    password: env.SIM_PASSWORD ?? 'ClueCon',
    seed: Number(env.SIM_SEED ?? 1),
    timeScale: Number(env.SIM_TIME_SCALE ?? 1),
    personas,
    sipWs: sipWsOptions(env),
    modules: modulesFromEnv(env.SIM_MODULES),
    gateways: gatewayOptions(env),
    files: (env.SIM_FILES ?? (benchLike(env) ? 'assume' : 'check')) === 'assume' ? 'assume' : 'check',
  });
  console.log(`FreeSWITCH simulator: ESL listening on ${sim.host}:${sim.port}`);
  if (sim.sipWsPort)
    console.log(`FreeSWITCH simulator: SIP over WebSocket on ws://${sim.host}:${sim.sipWsPort}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`FreeSWITCH simulator: ${signal}, stopping`);
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const xmlCurlCredentials = (env: NodeJS.ProcessEnv) => ({
  user: env.FS_XML_CURL_USER || 'freeswitch',
  password: env.FS_XML_CURL_PASSWORD ?? 'fs-xml-curl-dev',
});

/** A simulator on a free ESL port (benches, several at once) serves no platform of its own. */
const benchLike = (env: NodeJS.ProcessEnv) => env.SIM_PORT === '0';

function gatewayOptions(env: NodeJS.ProcessEnv) {
  if (env.SIM_SOFIA_URL === 'off' || (benchLike(env) && !env.SIM_SOFIA_URL)) return undefined;
  const url = env.SIM_SOFIA_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}/fsapi/xml`;
  return {
    source: gatewaysFromXmlCurl({ url, ...xmlCurlCredentials(env) }),
    reachable: env.SIM_GATEWAY_PING === 'udp' ? (proxy: string) => sipOptionsPing(proxy) : undefined,
  };
}

function sipWsOptions(env: NodeJS.ProcessEnv) {
  // A simulator on a free ESL port (benches, several at once) has no registrar unless asked.
  const port = Number(env.SIM_SIP_WS_PORT ?? (env.SIM_PORT === '0' ? 0 : 5066));
  if (!port) return undefined;
  const credentials = xmlCurlCredentials(env);
  const directory = xmlCurlDirectory({
    url: env.SIM_DIRECTORY_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}/fsapi/xml`,
    ...credentials,
  });
  // The softphone's dial-outs are charged from their CDRs, as mod_json_cdr posts them.
  const cdr = jsonCdrPoster({
    url: env.SIM_CDR_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}/fsapi/cdr`,
    ...credentials,
  });
  return { port, directory, cdr };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
