// Typed configuration, read once from the environment. Every process (server, media, scripts) uses this.
import { LIVE_BATCH_WINDOW_MS } from '../domain/events';
import { DEFAULT_NODE_MAX_CALLS } from '../domain/media';
import { DEV_FS_XML_CURL_PASSWORD, DEV_SECRET_KEY, productionSecretProblem } from './devSecrets';

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Public base URL users reach; reset links are built from it, never from a request's Host header. */
  publicUrl: string;
  databaseUrl: string;
  /**
   * PostgreSQL parallel workers per query on the server's connections (DB_PARALLEL_WORKERS, default 0):
   * its queries are short, and on a small host a parallel plan's workers cost more than they save (the
   * report pages on the 10M-call bench, 2 cores: p50 111 ms with 2 workers, 39 ms with none).
   */
  dbParallelWorkers: number;
  redisUrl: string;
  /** Prefix for every Redis key, queue and pub/sub channel, so test files can share one Redis. */
  redisPrefix: string;
  session: {
    idleMinutes: number;
    rememberDays: number;
    /** Absolute limit for a session without remember me. */
    maxHours: number;
  };
  rateLimit: {
    windowSeconds: number;
    perAccount: number;
    perIp: number;
  };
  resetTokenMinutes: number;
  smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string };
  /** 32-byte key (hex) for secrets at rest. */
  secretKey: string;
  clientDist: string;
  /** Behind a load balancer: take the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  /** How many trusted proxies append to X-Forwarded-For: the client is the address the outermost
   *  one saw (the n-th from the right), never the left-most, which the client itself may forge. */
  trustProxyHops: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /**
   * HTTP Basic credentials FreeSWITCH's mod_xml_curl sends to POST /fsapi/xml (xml_curl.conf.xml
   * `gateway-credentials` = user:password). An empty password turns the endpoint off (401 always).
   */
  fsXmlCurlUser: string;
  fsXmlCurlPassword: string;
  /**
   * WSS port of the served sofia `internal` profile (FS_WSS_PORT): set only where the switches have a
   * certificate (certs/wss.pem); null = WS only (config/freeswitch/README.md).
   */
  fsWssPort: number | null;
  /**
   * Bull's job lock (ms) for the server's queues; a process that dies mid-job has its job retried
   * once the lock lapses. Unset: Bull's 30 s. Tests of a killed server shorten it.
   */
  queueLockMs: number | undefined;
  /** Pushes of finished calls (server/src/modules/pushes). */
  pushes: {
    /** Waits before each retry of a failed push (network error, 5xx, 429): the first try plus one retry per entry. */
    retryDelaysMs: number[];
    /** One push request's time limit. */
    timeoutMs: number;
  };
  media: {
    /** Queue the published bot versions never rendered when the media worker starts. */
    renderOnStart: boolean;
    /** Tests and benches against the simulator only: its timeScale, and a short Bull lock (ms) so a killed worker's call is retried at once. */
    timeScale: number;
    dialLockMs: number | undefined;
  };
  /**
   * The dial scheduler (server/src/dialer): whether this process runs it (with processors on) and how
   * often it ticks. Off by default under NODE_ENV=test so other tests' started tasks stay queued;
   * DIALER=1 / DIALER=0 force it either way.
   */
  /**
   * The web softphone: the SIP-over-WebSocket URL browsers register to (SOFTPHONE_WS_URL; empty =
   * ws://<the page's host>:5066, the simulator's registrar), the SIP domain of the extensions
   * (SOFTPHONE_DOMAIN) and whether that server is the simulator (signalling only; SOFTPHONE_SIMULATOR,
   * on except in production).
   */
  softphone: { wsUrl: string; domain: string; simulator: boolean };
  /**
   * nodeMaxCalls: calls one FreeSWITCH node carries at once (FS_NODE_MAX_CALLS, default
   * DEFAULT_NODE_MAX_CALLS): the dialer claims no more than the enabled, not-down nodes carry together.
   */
  dialer: { enabled: boolean; tickMs: number; role?: DialerRole; nodeMaxCalls?: number };
  /**
   * The live:batch window in ms (LIVE_BATCH_WINDOW_MS; default domain/events.ts's, 50): a longer
   * one sends fewer frames to a big floor's wallboards, each event waiting up to that long.
   */
  liveBatchWindowMs: number;
}

/**
 * Which of the scheduler's loops a process runs (DIALER_ROLE): 'all' (the default), 'tick' (a
 * dedicated scheduler: the tick and its progress, its event loop shared with nothing else), or
 * 'settle' (settling ended calls; any number of processes may).
 */
export type DialerRole = 'all' | 'tick' | 'settle';
const DIALER_ROLES: readonly DialerRole[] = ['all', 'tick', 'settle'];

function dialerRole(v: string | undefined): DialerRole {
  if (!v) return 'all';
  const role = DIALER_ROLES.find((r) => r === v);
  if (!role) throw new Error(`DIALER_ROLE must be one of ${DIALER_ROLES.join(', ')}, not "${v}"`);
  return role;
}

const num = (v: string | undefined, d: number): number => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = num(env.PORT, 3000);
  // The published development secrets never run in production (config/devSecrets.ts).
  if (env.NODE_ENV === 'production') {
    const problem = productionSecretProblem(env.SECRET_KEY, env.FS_XML_CURL_PASSWORD);
    if (problem) throw new Error(`refusing to start in production: ${problem}`);
  }
  const base: Config = {
    env: (env.NODE_ENV as Config['env']) || 'development',
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/callplat',
    dbParallelWorkers: num(env.DB_PARALLEL_WORKERS, 0),
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX || 'cp',
    session: {
      idleMinutes: num(env.SESSION_IDLE_MINUTES, 120),
      rememberDays: num(env.SESSION_REMEMBER_DAYS, 30),
      maxHours: num(env.SESSION_MAX_HOURS, 24),
    },
    rateLimit: {
      windowSeconds: num(env.RATE_WINDOW_SECONDS, 900),
      perAccount: num(env.RATE_PER_ACCOUNT, 5),
      perIp: num(env.RATE_PER_IP, 30),
    },
    resetTokenMinutes: num(env.RESET_TOKEN_MINUTES, 30),
    smtp: {
      host: env.SMTP_HOST || '127.0.0.1',
      port: num(env.SMTP_PORT, 2525),
      secure: env.SMTP_SECURE === 'true',
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASS || undefined,
      from: env.SMTP_FROM || 'CallPlat <no-reply@callplat.local>',
    },
    secretKey: env.SECRET_KEY || DEV_SECRET_KEY,
    clientDist: env.CLIENT_DIST || 'client/dist',
    trustProxy: env.TRUST_PROXY === 'true',
    trustProxyHops: Math.max(1, Math.floor(num(env.TRUST_PROXY_HOPS, 1))),
    argon2: {
      memoryCost: num(env.ARGON2_MEMORY_KIB, 19456),
      timeCost: num(env.ARGON2_TIME, 2),
      parallelism: num(env.ARGON2_PARALLELISM, 1),
    },
    fsXmlCurlUser: env.FS_XML_CURL_USER || 'freeswitch',
    fsXmlCurlPassword:
      env.FS_XML_CURL_PASSWORD ?? (env.NODE_ENV === 'production' ? '' : DEV_FS_XML_CURL_PASSWORD),
    fsWssPort: num(env.FS_WSS_PORT, 0) || null,
    queueLockMs: num(env.QUEUE_LOCK_MS, 0) || undefined,
    pushes: {
      retryDelaysMs: (env.PUSH_RETRY_DELAYS_MS || '10000,30000,120000,600000,1800000')
        .split(',')
        .map((x) => Number(x.trim()))
        .filter((n) => Number.isFinite(n) && n >= 0),
      timeoutMs: num(env.PUSH_TIMEOUT_MS, 5000),
    },
    media: {
      renderOnStart: env.TTS_RENDER_ON_START !== '0',
      timeScale: num(env.MEDIA_TIME_SCALE, 1) || 1,
      dialLockMs: num(env.DIAL_LOCK_MS, 0) || undefined,
    },
    softphone: {
      wsUrl: env.SOFTPHONE_WS_URL || '',
      domain: env.SOFTPHONE_DOMAIN || 'callplat.local',
      simulator: env.SOFTPHONE_SIMULATOR ? env.SOFTPHONE_SIMULATOR !== '0' : env.NODE_ENV !== 'production',
    },
    dialer: {
      enabled: env.DIALER ? env.DIALER !== '0' : env.NODE_ENV !== 'test',
      tickMs: Math.max(20, num(env.DIALER_TICK_MS, 500)),
      role: dialerRole(env.DIALER_ROLE),
      nodeMaxCalls: Math.max(1, num(env.FS_NODE_MAX_CALLS, DEFAULT_NODE_MAX_CALLS)),
    },
    liveBatchWindowMs: Math.max(1, num(env.LIVE_BATCH_WINDOW_MS, LIVE_BATCH_WINDOW_MS)),
  };
  return { ...base, ...overrides };
}
