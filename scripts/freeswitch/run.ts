// `tsx scripts/freeswitch/run.ts`: one real FreeSWITCH with the project's configuration in the
// foreground (used by `FREESWITCH=real npm start`); Ctrl-C or SIGTERM stops it. Settings come from
// the environment, defaulting to the ports the demo expects (the seeded node is 127.0.0.1:8021,
// password ClueCon; the softphone's WebSocket is :5066):
//   FS_ESL_PORT 8021, FS_ESL_PASSWORD ClueCon, FS_ESL_ACL loopback.auto, FS_SIP_IP 127.0.0.1,
//   FS_EXTERNAL_SIP_PORT 5080, FS_INTERNAL_SIP_PORT 5060, FS_WS_PORT 5066, FS_WSS_PORT + FS_WSS_PEM,
//   FS_RTP_START 16384, FS_RTP_END 32767, FSAPI_URL http://127.0.0.1:$PORT/fsapi (the platform;
//   credentials FS_XML_CURL_USER / FS_XML_CURL_PASSWORD as the server reads them), SOFTPHONE_DOMAIN,
//   FS_RUN_DIR $TMPDIR/callplat-freeswitch, MEDIA_DIR (the worker's shared media root),
//   FS_LOG_LEVEL.
// It waits for the platform first: sofia.conf comes from it, and a switch that started while the
// platform was down would have no SIP profile.
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { freeswitchInstalled, startFreeswitch } from './launch';

const env = process.env;
const num = (v: string | undefined, d: number) => (v && Number.isInteger(Number(v)) ? Number(v) : d);

/** Waits until the platform's /fsapi/xml answers at all (any HTTP status). */
async function platformAnswers(fsapiUrl: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await fetch(`${fsapiUrl}/xml`, { method: 'POST', signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (i % 10 === 0) console.log(`freeswitch: waiting for the platform at ${fsapiUrl}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function main(): Promise<void> {
  if (!freeswitchInstalled()) {
    console.error('FreeSWITCH is not installed in /opt/freeswitch (see ../shared/freeswitch/BUILD.md).');
    process.exit(1);
  }
  const config = loadConfig();
  const fsapiUrl = env.FSAPI_URL || `http://127.0.0.1:${config.port}/fsapi`;
  await platformAnswers(fsapiUrl);
  const fsw = await startFreeswitch({
    dir: env.FS_RUN_DIR || path.join(os.tmpdir(), 'callplat-freeswitch'),
    eslPort: num(env.FS_ESL_PORT, 8021),
    eslPassword: env.FS_ESL_PASSWORD || 'ClueCon',
    eslAcl: env.FS_ESL_ACL || undefined,
    sipIp: env.FS_SIP_IP || undefined,
    externalSipPort: num(env.FS_EXTERNAL_SIP_PORT, 5080),
    internalSipPort: num(env.FS_INTERNAL_SIP_PORT, 5060),
    wsPort: num(env.FS_WS_PORT, 5066),
    wssPort: env.FS_WSS_PORT ? num(env.FS_WSS_PORT, 0) : undefined,
    wssPem: env.FS_WSS_PEM || undefined,
    rtpStart: num(env.FS_RTP_START, 16384),
    rtpEnd: num(env.FS_RTP_END, 32767),
    fsapiUrl,
    fsapiUser: config.fsXmlCurlUser,
    fsapiPassword: config.fsXmlCurlPassword,
    domain: config.softphone.domain,
    mediaDir: env.MEDIA_DIR || undefined,
    logLevel: env.FS_LOG_LEVEL || undefined,
  });
  console.log(
    `freeswitch: pid ${fsw.pid}, event socket 127.0.0.1:${num(env.FS_ESL_PORT, 8021)}, log ${fsw.logFile}`,
  );
  const stop = () => void fsw.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`freeswitch: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
