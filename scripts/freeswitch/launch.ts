// Starts a real FreeSWITCH (/opt/freeswitch, ../shared/freeswitch/BUILD.md) with the project's own
// configuration (config/freeswitch) on ports of the caller's choosing, for the real-switch tests, the
// bench and `FREESWITCH=real npm start`. A run folder holds a copy of the configuration with its
// vars.local.xml, and the switch's log, db, run, certs and music-on-hold folders; the switch runs in the
// foreground of its own process (-nf) so that its pid is ours to wait for and to stop.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EslConnection } from '../../media/src/esl/connection';
import { ensureHoldMusic } from './moh';
import { varsXml } from './vars';

export const FREESWITCH_HOME = process.env.FREESWITCH_HOME || '/opt/freeswitch';
const BINARY = () => path.join(FREESWITCH_HOME, 'bin', 'freeswitch');
const CONFIG_DIR = path.resolve(__dirname, '../../config/freeswitch');

export interface StartOptions {
  /**
   * The run folder (created if missing, kept after stop); when absent a new temporary folder, removed
   * by stop() unless keepDir or CALLPLAT_KEEP_FS_DIR=1.
   */
  dir?: string;
  keepDir?: boolean;
  eslPort: number;
  eslPassword: string;
  externalSipPort: number;
  internalSipPort: number;
  wsPort: number;
  rtpStart: number;
  rtpEnd: number;
  /** e.g. http://127.0.0.1:3000/fsapi */
  fsapiUrl: string;
  fsapiUser: string;
  fsapiPassword: string;
  /**
   * The media root the worker shares with the switch (its MEDIA_DIR: prompts and recordings are
   * played and written by absolute path under it, media/src/calls/prompts.ts). Music on hold is its
   * callplat-moh folder (a generated tune when empty); <dir>/moh when absent.
   */
  mediaDir?: string;
  /** Address of the SIP profiles and RTP; 127.0.0.1 unless said (a LAN address for other hosts). */
  sipIp?: string;
  /** The address put in SDP and Contact when the switch is behind NAT; sipIp unless said. */
  extIp?: string;
  /** Event socket address; 127.0.0.1 unless said. */
  eslIp?: string;
  /** loopback.auto unless said; any_v4.auto lets workers on other hosts in (the password still applies). */
  eslAcl?: string;
  /** The seats' SIP domain (SOFTPHONE_DOMAIN); callplat.local unless said. */
  domain?: string;
  /** WSS port for the internal profile (the server adds the binding when FS_WSS_PORT is set). */
  wssPort?: number;
  /** A PEM (certificate + key) copied to certs/wss.pem for the WSS binding. */
  wssPem?: string;
  /** Console and log level (FreeSWITCH's names); warning unless said. */
  logLevel?: string;
  /** Sofia profiles to wait for before resolving; ['external', 'internal'] unless said. */
  waitForProfiles?: string[];
  /** How long to wait for the event socket and the profiles; 30 s unless said. */
  readyTimeoutMs?: number;
}

export interface RunningFreeswitch {
  dir: string;
  pid: number;
  stop(): Promise<void>;
  logFile: string;
}

export const freeswitchInstalled = (): boolean => {
  try {
    fs.accessSync(BINARY(), fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The run folder: a fresh copy of config/freeswitch plus vars.local.xml, and the switch's folders. */
const foldersOf = (dir: string) => ({
  log: path.join(dir, 'log'),
  db: path.join(dir, 'db'),
  run: path.join(dir, 'run'),
  certs: path.join(dir, 'certs'),
  temp: path.join(dir, 'temp'),
  recordings: path.join(dir, 'recordings'),
  storage: path.join(dir, 'storage'),
  cdrErrors: path.join(dir, 'cdr-errors'),
});

export function renderRunFolder(
  o: StartOptions,
  dir: string,
): { confDir: string; folders: ReturnType<typeof foldersOf> } {
  const folders = foldersOf(dir);
  for (const f of Object.values(folders)) fs.mkdirSync(f, { recursive: true });
  const confDir = path.join(dir, 'conf');
  fs.rmSync(confDir, { recursive: true, force: true });
  fs.cpSync(CONFIG_DIR, confDir, { recursive: true, filter: (src) => !src.endsWith('.md') });
  const mohDir = o.mediaDir ? path.join(o.mediaDir, 'callplat-moh') : path.join(dir, 'moh');
  ensureHoldMusic(mohDir);
  if (o.wssPem) fs.copyFileSync(o.wssPem, path.join(folders.certs, 'wss.pem'));
  fs.writeFileSync(
    path.join(confDir, 'vars.local.xml'),
    varsXml({
      eslIp: o.eslIp ?? '127.0.0.1',
      eslPort: o.eslPort,
      eslPassword: o.eslPassword,
      eslAcl: o.eslAcl ?? 'loopback.auto',
      sipIp: o.sipIp ?? '127.0.0.1',
      extIp: o.extIp ?? o.sipIp ?? '127.0.0.1',
      externalSipPort: o.externalSipPort,
      internalSipPort: o.internalSipPort,
      wsPort: o.wsPort,
      wssPort: o.wssPort ?? o.wsPort + 1,
      rtpStart: o.rtpStart,
      rtpEnd: o.rtpEnd,
      fsapiUrl: o.fsapiUrl,
      fsapiUser: o.fsapiUser,
      fsapiPassword: o.fsapiPassword,
      domain: o.domain ?? 'callplat.local',
      mohDir: path.resolve(mohDir),
      cdrErrorDir: folders.cdrErrors,
      logLevel: o.logLevel ?? 'warning',
      mediaTimeoutMs: 300_000,
      mediaHoldTimeoutMs: 1_800_000,
    }),
  );
  return { confDir, folders };
}

/** `sofia status` lists each profile with its state; true when all of `names` are RUNNING. */
export function profilesRunning(sofiaStatus: string, names: string[]): boolean {
  return names.every((n) => new RegExp(`^\\s*${n}\\s+profile\\s+\\S+\\s+RUNNING`, 'm').test(sofiaStatus));
}

async function waitReady(o: StartOptions, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + (o.readyTimeoutMs ?? 30_000);
  const want = o.waitForProfiles ?? ['external', 'internal'];
  let last = 'event socket not up';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `freeswitch exited (${child.exitCode ?? child.signalCode}) while starting; see ${logFile}`,
      );
    try {
      const conn = await EslConnection.open({
        host: o.eslIp ?? '127.0.0.1',
        port: o.eslPort,
        password: o.eslPassword,
        timeoutMs: 2000,
      });
      try {
        const status = await conn.api('sofia status', 3000);
        if (profilesRunning(status, want)) return;
        last = `sofia profiles not running yet:\n${status}`;
      } finally {
        conn.destroy();
      }
    } catch (e) {
      last = String(e);
    }
    await sleep(300);
  }
  throw new Error(`freeswitch not ready after ${o.readyTimeoutMs ?? 30_000} ms (${last}); see ${logFile}`);
}

function stopper(child: ChildProcess, removeDir: string | null): () => Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let stopping: Promise<void> | null = null;
  return () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM: FreeSWITCH hangs up its calls and unloads its modules (an orderly shutdown).
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (removeDir) fs.rmSync(removeDir, { recursive: true, force: true });
    })();
    return stopping;
  };
}

export async function startFreeswitch(o: StartOptions): Promise<RunningFreeswitch> {
  if (!freeswitchInstalled()) throw new Error(`FreeSWITCH is not installed at ${FREESWITCH_HOME}`);
  const dir = path.resolve(o.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'callplat-fs-')));
  const removeDir = !o.dir && !o.keepDir && process.env.CALLPLAT_KEEP_FS_DIR !== '1' ? dir : null;
  fs.mkdirSync(dir, { recursive: true });
  const { confDir, folders } = renderRunFolder(o, dir);
  const logFile = path.join(folders.log, 'freeswitch.log');
  const out = fs.openSync(path.join(folders.log, 'stdout.log'), 'a');
  // -nc: no console; -nf: but stay in the foreground (no fork), so this pid is the switch's.
  const args = [
    '-nc',
    '-nf',
    '-nonat',
    '-nonatmap',
    '-conf',
    confDir,
    '-log',
    folders.log,
    '-db',
    folders.db,
  ];
  args.push('-run', folders.run, '-certs', folders.certs, '-temp', folders.temp);
  args.push('-recordings', folders.recordings, '-storage', folders.storage);
  const child = spawn(BINARY(), args, { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  if (child.pid === undefined) throw new Error('freeswitch did not start');
  const stop = stopper(child, removeDir);
  try {
    await waitReady(o, child, logFile);
  } catch (e) {
    await stop();
    throw e;
  }
  return { dir, pid: child.pid, stop, logFile };
}
