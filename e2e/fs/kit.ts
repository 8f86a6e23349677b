// The real-switch tier's platform: the server in-process (its own database clone and Redis prefix,
// test/harness.ts), a real FreeSWITCH with the project's configuration (scripts/freeswitch/launch.ts)
// on this jest worker's ports, registered in fs_nodes, the media worker in-process driving it, and
// SIPp carriers on lines of merchant01 pointing at them.
//
// Lines: the seeded sim-line-1 (127.0.0.1) is the answering carrier's, so an inbound call from a SIPp
// caller on 127.0.0.1 arrives on it (an IP trunk's line is told by the INVITE's source address,
// media/src/calls/inboundRoute.ts). Every other carrier gets a line of its own on 127.0.0.<n>, and the
// demo's other lines are disabled (no gateway pinging addresses that do not answer).
import nodeFs from 'node:fs';
import type { Knex } from 'knex';
import { encryptSecret } from '../../platform/secrets';
import { lineGatewayName } from '../../domain/telephony-config';
import { EslConnection } from '../../media/src/esl/connection';
import { startCallWorker, type CallWorker, type CallWorkerOptions } from '../../media/src/calls/worker';
import {
  startFreeswitch,
  freeswitchInstalled,
  type RunningFreeswitch,
} from '../../scripts/freeswitch/launch';
import { startTestPlatform, type TestPlatform } from '../../test/harness';
import { insertTask } from '../../server/src/dialer/testKit';
import { TaskStatus } from '../../domain/dialer/status';
import { startCdrWatch, type CdrPost } from './cdrWatch';
import type { Config } from '../../config';
import { fsPorts, type FsPorts } from './ports';
import { startRtpPeer, type RtpPeer, type RtpPeerOptions } from './rtpPeer';
import { startSipp, type CarrierScenario, type Sipp, type SippOptions } from './sipp';

export { freeswitchInstalled };

export const ESL_PASSWORD = 'fs-tier-secret';
export const NODE_NAME = 'fs-real-test';

export interface Carrier {
  lineId: number;
  gateway: string;
  sipp: Sipp;
  /** uas-answer-dtmf: the Node peer carrying the call's media (and its keys). */
  media?: RtpPeer;
}

export interface FsKit {
  p: TestPlatform;
  k: Knex;
  ports: FsPorts;
  fs: RunningFreeswitch;
  nodeId: number;
  worker: CallWorker;
  merchantId: number;
  carriers: Map<string, Carrier>;
  /** One api command on the switch's event socket (a connection of its own). */
  api(cmd: string, timeoutMs?: number): Promise<string>;
  /** The CDRs the switch posted (cdrWatch.ts). */
  cdrs: CdrPost[];
  /**
   * A running task of one number on the carrier's line with `botId` (the dialer must run); resolves
   * with its call row once `done` holds, or throws with SIPp's and the switch's logs.
   */
  taskCall(carrier: string, botId: number, phone: string, done: (row: Row) => boolean): Promise<Row>;
  /** A SIPp caller (uac-call) towards the switch's external profile, from 127.0.0.1. */
  call(o: Omit<SippOptions, 'scenario' | 'port' | 'mediaPort' | 'target'> & { to: string }): Sipp;
  /** The end of the switch's log, for failure messages. */
  switchLog(): string;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = any; // a calls row

export interface CarrierSpec {
  /** A name for the test to find it by. */
  name: string;
  scenario: CarrierScenario;
  audio?: SippOptions['audio'];
  /** Calls at once the carrier takes (sipp -l). */
  limit?: number;
  /** For uas-answer-dtmf: its media peer's A-law mark and the keys the callee presses. */
  media?: RtpPeerOptions;
}

export interface FsKitOptions {
  carriers: CarrierSpec[];
  config?: Partial<Config>;
  worker?: Partial<CallWorkerOptions>;
  /** Run the server's dial scheduler (tasks); off by default. */
  dialer?: boolean;
  /** The port slice (ports.ts); this jest worker's unless said ('bench': the whole block). */
  slot?: Parameters<typeof fsPorts>[0];
}

/** Lines: the first carrier takes the seeded sim-line-1 on 127.0.0.1, the n-th a new line on 127.0.0.<n+1>. */
async function carrierLines(
  k: Knex,
  config: Config,
  merchantId: number,
  specs: CarrierSpec[],
  ports: FsPorts,
): Promise<Array<{ spec: CarrierSpec; lineId: number; ip: string; port: number }>> {
  const sim = await k('sip_lines').where({ name: 'sim-line-1' }).first('id');
  await k('sip_lines').whereNot({ id: sim.id }).update({ enabled: false });
  const out = [];
  for (const [i, spec] of specs.entries()) {
    const ip = `127.0.0.${i + 1}`;
    const port = ports.sippSip + i;
    let lineId: number;
    if (i === 0) {
      await k('sip_lines').where({ id: sim.id }).update({ server_ip: ip, port, enabled: true });
      lineId = Number(sim.id);
    } else {
      const [row] = await k('sip_lines')
        .insert({
          account_id: merchantId,
          name: `fs-${spec.name}`,
          server_ip: ip,
          port,
          auth_account: `fsline${i}0`,
          password_enc: encryptSecret(config.secretKey, 'carrier-secret'),
          caller_number: `0210000010${i}`,
          prefix: '',
          codec: 'PCMA',
          rate_count: 50,
          rate_seconds: 1,
          port_count: 300,
          mode: 'gateway',
          enabled: true,
        })
        .returning('id');
      lineId = Number(row.id);
    }
    out.push({ spec, lineId, ip, port });
  }
  return out;
}

export async function startFsKit(o: FsKitOptions): Promise<FsKit> {
  const ports = fsPorts(o.slot);
  const p = await startTestPlatform({
    config: { dialer: { enabled: o.dialer ?? false, tickMs: 100 }, ...o.config },
  });
  const k = p.db.knex;
  const cleanups: Array<() => Promise<void>> = [() => p.close()];
  const close = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  };
  try {
    const merchantId = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
    const lines = await carrierLines(k, p.config, merchantId, o.carriers, ports);
    const carriers = new Map<string, Carrier>();
    for (const [i, l] of lines.entries()) {
      const mediaPort = ports.sippRtp + 40 * i;
      // SIPp's media is of no use for keys (rtpPeer.ts): a Node peer at the end of its 40 ports.
      const media =
        l.spec.scenario === 'uas-answer-dtmf'
          ? await startRtpPeer(mediaPort + 38, { ...l.spec.media, ip: l.ip })
          : undefined;
      if (media) cleanups.push(() => media.close());
      const sipp = startSipp({
        scenario: l.spec.scenario,
        ip: l.ip,
        port: l.port,
        mediaPort,
        audio: l.spec.audio,
        limit: l.spec.limit,
        rtpPort: media?.port,
      });
      cleanups.push(() => sipp.stop());
      carriers.set(l.spec.name, { lineId: l.lineId, gateway: lineGatewayName(l.lineId), sipp, media });
    }

    // The switch fetches its profiles (and the gateways above) from this server when it starts,
    // through a watch that notes its CDR posts.
    const cdrWatch = await startCdrWatch(p.url);
    cleanups.push(() => cdrWatch.close());
    const fs = await startFreeswitch({
      eslPort: ports.esl,
      eslPassword: ESL_PASSWORD,
      externalSipPort: ports.externalSip,
      internalSipPort: ports.internalSip,
      wsPort: ports.ws,
      rtpStart: ports.rtpStart,
      rtpEnd: ports.rtpEnd,
      fsapiUrl: cdrWatch.url,
      fsapiUser: p.config.fsXmlCurlUser,
      fsapiPassword: p.config.fsXmlCurlPassword,
    });
    cleanups.push(() => fs.stop());

    // The worker reads its nodes from fs_nodes: the seeded simulator node off, this switch on.
    await k('fs_nodes').update({ enabled: false });
    const [node] = await k('fs_nodes')
      .insert({
        name: NODE_NAME,
        esl_host: '127.0.0.1',
        esl_port: ports.esl,
        esl_password_enc: encryptSecret(p.config.secretKey, ESL_PASSWORD),
        weight: 10,
        enabled: true,
      })
      .returning('id');
    const worker = await startCallWorker({
      config: p.config,
      db: k,
      backoff: { baseMs: 100, capMs: 1000 },
      originateTimeoutSec: 8,
      lostAfterMs: 5000,
      workerId: `fs-tier-${process.pid}`,
      ...o.worker,
    });
    cleanups.push(() => worker.close());
    if (!worker.pool.nodes.some((n) => n.connected))
      throw new Error('the media worker did not connect to the switch');

    const api = async (cmd: string, timeoutMs = 5000) => {
      const conn = await EslConnection.open({
        host: '127.0.0.1',
        port: ports.esl,
        password: ESL_PASSWORD,
        timeoutMs,
      });
      try {
        return await conn.api(cmd, timeoutMs);
      } finally {
        conn.destroy();
      }
    };
    // Under load the switch's first OPTIONS ping can go unanswered: the gateway is DOWN for a ping
    // period and the worker's probe refuses the line (a line fault pauses the task). Tests start
    // once the worker has seen every carrier's gateway up, as a merchant would wait for a green line.
    await until(
      "the worker's probe seeing every carrier's gateway up",
      async () => worker.pool.nodes.find((n) => n.connected)?.probe?.gateways,
      (gateways) =>
        [...carriers.values()].every((c) =>
          gateways?.some((g) => g.name === c.gateway && g.status !== 'DOWN'),
        ),
      70_000,
      500,
    );
    let callers = 0;
    return {
      p,
      k,
      ports,
      fs,
      nodeId: Number(node.id),
      worker,
      merchantId,
      carriers,
      api,
      cdrs: cdrWatch.posts,
      async taskCall(carrier, botId, phone, done) {
        const c = carriers.get(carrier)!;
        const taskId = await insertTask(p, {
          accountId: merchantId,
          botId,
          lineId: c.lineId,
          robots: 1,
          numbers: [phone],
          status: TaskStatus.Running,
          name: `fs ${carrier}`,
        });
        try {
          return await until(
            `the ${carrier} call`,
            () => k('calls').where({ task_id: taskId }).first(),
            done,
            90_000,
          );
        } catch (e) {
          throw new Error(
            `${(e as Error).message}\n--- sipp:\n${c.sipp.log()}\n--- switch:\n${tail(fs.logFile)}`,
            {
              cause: e,
            },
          );
        }
      },
      call(c) {
        const n = callers++;
        const sipp = startSipp({
          ...c,
          scenario: 'uac-call',
          ip: '127.0.0.1',
          port: ports.sippSip + 19 - (n % 3),
          mediaPort: ports.sippRtp + 160 + 6 * (n % 3),
          target: `127.0.0.1:${ports.externalSip}`,
          service: c.to,
        });
        cleanups.push(() => sipp.stop());
        return sipp;
      },
      switchLog: () => tail(fs.logFile),
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

function tail(file: string, bytes = 6000): string {
  return nodeFs.existsSync(file) ? nodeFs.readFileSync(file, 'utf8').slice(-bytes) : '';
}

/** Polls `read` until `ok` holds, or throws with `what` and the last value. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 30_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
