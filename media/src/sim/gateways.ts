// The external profile's gateways (one per SIP line), as mod_sofia keeps them:
// - loaded from sofia.conf, which the simulator fetches like FreeSWITCH does through mod_xml_curl
//   (gatewaysFromXmlCurl), at start (retried until the platform answers) and on every rescan;
// - a rescan only ADDS gateways it does not have: an edited line keeps its old settings
//   ("Ignoring duplicate gateway 'line-3'") until `killgw line-3` removes it and a rescan reloads it;
// - with `ping` set, a gateway is DOWN until its proxy answers an OPTIONS, and DOWN again when it stops;
//   originate through a DOWN gateway answers -ERR GATEWAY_DOWN at once, an unknown one
//   -ERR INVALID_GATEWAY (api.ts).
// Without a source (the simulator alone, its tests) every gateway name counts as loaded and UP.
// Texts copied from FreeSWITCH 1.10.12 (sofia.c / mod_sofia.c); see gateways.test.ts for the shapes.

export interface GatewayConfig {
  name: string;
  /** host:port of the proxy param (the realm when absent). */
  proxy: string;
  username: string;
  register: boolean;
  /** OPTIONS ping interval in seconds; 0 = no ping. */
  pingSec: number;
  expires: number;
  extension: string;
}

/** Where the gateways come from: sofia.conf as FreeSWITCH would fetch it. */
export type GatewaySource = () => Promise<GatewayConfig[]>;
/** Whether a proxy answers SIP (sipOptionsPing), or the simulator's own rule. */
export type ProxyCheck = (proxy: string) => Promise<boolean>;

interface Gateway extends GatewayConfig {
  up: boolean;
  pinging: boolean;
  nextPingSec: number;
  upSinceUs: number;
  callsOut: number;
  failedOut: number;
  stopPing: () => void;
}

export type GatewayState = 'up' | 'down' | 'invalid';

export interface GatewayClock {
  nowUs(): number;
  after(ms: number, fn: () => void): () => void;
}

const RETRY_MS = 2000;
const LINE =
  '=================================================================================================\n';

export class Gateways {
  private readonly loaded = new Map<string, Gateway>();
  private loadedOnce = false;
  private stopRetry = () => {};
  private stopped = false;

  constructor(
    private readonly clock: GatewayClock,
    private readonly source?: GatewaySource,
    private readonly reachable: ProxyCheck = async () => true,
    /** The external profile's SIP address, for the Contact texts. */
    private readonly profileAddress = '127.0.0.1:5080',
  ) {}

  /** True when the simulator knows its gateways (a source is set). */
  get modelled(): boolean {
    return this.source !== undefined;
  }

  /** The first load: retried every 2 s until the source answers (the platform may start after us). */
  async start(): Promise<void> {
    if (!this.source) return;
    const attempt = async () => {
      if (this.stopped || this.loadedOnce) return;
      try {
        await this.scan();
      } catch {
        this.stopRetry = this.clock.after(RETRY_MS, () => void attempt());
      }
    };
    await attempt();
  }

  stop(): void {
    this.stopped = true;
    this.stopRetry();
    for (const g of this.loaded.values()) g.stopPing();
  }

  state(name: string): GatewayState {
    if (!this.source) return 'up';
    const g = this.loaded.get(name);
    return !g ? 'invalid' : g.up ? 'up' : 'down';
  }

  /** Counts an originate through a gateway (calls-out / failed-calls-out). */
  countCall(name: string, failed: boolean): void {
    const g = this.loaded.get(name);
    if (!g) return;
    g.callsOut++;
    if (failed) g.failedOut++;
  }

  /** `sofia profile external rescan`: adds the gateways not loaded yet, keeps the others as they are. */
  async rescan(): Promise<string> {
    // A fetch that fails leaves the gateways as they are (FreeSWITCH falls back to its own files).
    if (this.source) await this.scan().catch(() => undefined);
    return 'Reload XML [Success]\n+OK scan complete\n';
  }

  /** `sofia profile external killgw <name>`. */
  killgw(name: string): string {
    if (!this.source) return '+OK gateway marked for deletion.\n';
    const g = this.loaded.get(name);
    if (!g) return '-ERR no such gateway.\n';
    g.stopPing();
    this.loaded.delete(name);
    return '+OK gateway marked for deletion.\n';
  }

  private async scan(): Promise<void> {
    const configs = await this.source!();
    this.loadedOnce = true;
    const added: Gateway[] = [];
    for (const c of configs) {
      // sofia.c parse_gateways: "Ignoring duplicate gateway '%s'" and the old one stays.
      if (this.loaded.has(c.name)) continue;
      const g: Gateway = {
        ...c,
        up: c.pingSec <= 0,
        pinging: false,
        nextPingSec: 0,
        upSinceUs: c.pingSec <= 0 ? this.clock.nowUs() : 0,
        callsOut: 0,
        failedOut: 0,
        stopPing: () => {},
      };
      this.loaded.set(c.name, g);
      added.push(g);
    }
    // A new gateway's first ping goes out at once; wait for it so a call right after sees its state.
    await Promise.all(added.filter((g) => g.pingSec > 0).map((g) => this.ping(g)));
  }

  private async ping(g: Gateway): Promise<void> {
    g.pinging = true;
    const ok = await this.reachable(g.proxy).catch(() => false);
    if (this.loaded.get(g.name) !== g) return;
    g.pinging = false;
    if (ok && !g.up) g.upSinceUs = this.clock.nowUs();
    g.up = ok;
    g.nextPingSec = Math.floor(this.clock.nowUs() / 1e6) + g.pingSec;
    if (!this.stopped) g.stopPing = this.clock.after(g.pingSec * 1000, () => void this.ping(g));
  }

  private all(): Gateway[] {
    // mod_sofia walks its gateway list newest first.
    return [...this.loaded.values()].reverse();
  }

  /** Rows of `sofia status` for the gateways ("external::line-1\tgateway\t<to>\tNOREG"). */
  profileRows(): string {
    return this.all()
      .map(
        (g) => `${pad(`external::${g.name}`, 25)}\t${pad('gateway', 7)}\t${pad(to(g), 42)}\t${regState(g)}\n`,
      )
      .join('');
  }

  /** `sofia status gateway`: the table (registration state only, no UP/DOWN) or one gateway in detail. */
  status(name?: string): string {
    if (name) {
      const g = this.find(name);
      if (!g) return 'Invalid Gateway!\n';
      return `${LINE}${detail(g, this.profileAddress, this.clock.nowUs())
        .map(([k, v]) => `${k.length < 8 ? k.padEnd(8) : k}\t${v}\n`)
        .join('')}${LINE}`;
    }
    const gws = this.all();
    const calls = (g: Gateway) => `0/0\t${g.failedOut}/${g.callsOut}`;
    const failed = gws.reduce((n, g) => n + g.failedOut, 0);
    const total = gws.reduce((n, g) => n + g.callsOut, 0);
    return (
      `${pad('Profile::Gateway-Name', 25)}\t${pad('Data    ', 32)}\tState\tPing Time\tIB Calls(F/T)\tOB Calls(F/T)\n` +
      LINE +
      gws
        .map(
          (g) =>
            `${pad(`external::${g.name}`, 25)}\t${pad(to(g), 32)}\t${regState(g)}\t${pad('0.00', 6)}\t${calls(g)}\n`,
        )
        .join('') +
      LINE +
      `${gws.length} gateways: Inbound(Failed/Total): 0/0,Outbound(Failed/Total):${failed}/${total}\n`
    );
  }

  /** `sofia xmlstatus gateway [name]`. */
  xmlStatus(name?: string): string {
    const head = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';
    const one = (g: Gateway) =>
      `  <gateway>\n${xmlFields(g, this.profileAddress, this.clock.nowUs())
        .map(([k, v]) => `    <${k}>${xmlText(v)}</${k}>\n`)
        .join('')}  </gateway>\n`;
    if (name) {
      const g = this.find(name);
      return g ? `${head}${one(g)}` : 'Invalid Gateway!\n';
    }
    return `${head}<gateways>\n${this.all().map(one).join('')}</gateways>\n`;
  }

  private find(name: string): Gateway | undefined {
    if (this.source) return this.loaded.get(name);
    // Without a source every name is a loaded, answering gateway.
    return {
      name,
      proxy: '127.0.0.1:5060',
      username: 'FreeSWITCH',
      register: false,
      pingSec: 0,
      expires: 3600,
      extension: 'FreeSWITCH',
      up: true,
      pinging: false,
      nextPingSec: 0,
      upSinceUs: this.clock.nowUs(),
      callsOut: 0,
      failedOut: 0,
      stopPing: () => {},
    };
  }
}

const pad = (s: string, n: number) => s.padStart(n);
const to = (g: Gateway) => `sip:${g.username}@${g.proxy}`;
/** Registration state: NOREG for an IP trunk; a registering gateway is REGED while its proxy answers. */
const regState = (g: Gateway) => (!g.register ? 'NOREG' : g.up ? 'REGED' : 'FAIL_WAIT');
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function xmlFields(g: Gateway, profile: string, nowUs: number): Array<[string, string]> {
  const ping = g.pingSec > 0;
  return [
    ['name', g.name],
    ['profile', 'external'],
    ['scheme', 'Digest'],
    ['realm', g.proxy],
    ['username', g.username],
    ['password', g.register ? 'yes' : 'no'],
    ['from', `<sip:${g.username}@${g.proxy}>`],
    ['contact', `<sip:gw+${g.name}@${profile};transport=udp;gw=${g.name}>`],
    ['exten', g.extension],
    ['to', to(g)],
    ['proxy', `sip:${g.proxy}`],
    ['context', 'public'],
    ['expires', String(g.expires)],
    ['freq', String(g.expires)],
    ['ping', String(g.nextPingSec)],
    ['pingfreq', String(g.pingSec)],
    ['pingmin', ping ? '1' : '0'],
    ['pingcount', '0'],
    ['pingmax', ping ? '1' : '0'],
    ['pingtime', '0.00'],
    ['pinging', g.pinging ? '1' : '0'],
    ['state', regState(g)],
    ['status', g.up ? 'UP' : 'DOWN'],
    ['uptime-usec', String(g.up ? Math.max(0, Math.floor(nowUs - g.upSinceUs)) : 0)],
    ['calls-in', '0'],
    ['calls-out', String(g.callsOut)],
    ['failed-calls-in', '0'],
    ['failed-calls-out', String(g.failedOut)],
  ];
}

function detail(g: Gateway, profile: string, nowUs: number): Array<[string, string]> {
  const f = new Map(xmlFields(g, profile, nowUs));
  const ping = g.pingSec > 0;
  return [
    ['Name', g.name],
    ['Profile', 'external'],
    ['Scheme', 'Digest'],
    ['Realm', g.proxy],
    ['Username', g.username],
    ['Password', f.get('password')!],
    ['From', f.get('from')!],
    ['Contact', f.get('contact')!],
    ['Exten', g.extension],
    ['To', to(g)],
    ['Proxy', `sip:${g.proxy}`],
    ['Context', 'public'],
    ['Expires', String(g.expires)],
    ['Freq', String(g.expires)],
    ['Ping', String(g.nextPingSec)],
    ['PingFreq', String(g.pingSec)],
    ['PingTime', '0.00'],
    ['PingState', ping ? `1/${g.up ? 1 : 0}/1` : '0/0/0'],
    ['State', regState(g)],
    ['Status', g.up ? 'UP' : 'DOWN'],
    ['Uptime', `${g.up ? Math.floor((nowUs - g.upSinceUs) / 1e6) : 0}s`],
    ['CallsIN', '0'],
    ['CallsOUT', String(g.callsOut)],
    ['FailedCallsIN', '0'],
    ['FailedCallsOUT', String(g.failedOut)],
  ];
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads the gateways out of a sofia.conf document (the one the platform serves, pure). */
export function parseSofiaGateways(xml: string): GatewayConfig[] {
  const out: GatewayConfig[] = [];
  for (const m of xml.matchAll(/<gateway\s+name="([^"]*)"\s*>([\s\S]*?)<\/gateway>/g)) {
    const params = new Map<string, string>();
    for (const p of m[2]!.matchAll(/<param\s+name="([^"]*)"\s+value="([^"]*)"\s*\/>/g))
      params.set(unescapeXml(p[1]!), unescapeXml(p[2]!));
    const name = unescapeXml(m[1]!);
    const realm = params.get('realm') ?? name;
    const username = params.get('username') || 'FreeSWITCH';
    out.push({
      name,
      proxy: params.get('proxy') || realm,
      username,
      register: params.get('register') !== 'false',
      pingSec: Number(params.get('ping') ?? 0) || 0,
      expires: Number(params.get('expire-seconds') ?? 3600) || 3600,
      extension: params.get('extension') || username,
    });
  }
  return out;
}

/** A GatewaySource that POSTs the platform's mod_xml_curl endpoint for sofia.conf, as FreeSWITCH does. */
export function gatewaysFromXmlCurl(opts: { url: string; user: string; password: string }): GatewaySource {
  const auth = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;
  return async () => {
    const form = new URLSearchParams({
      hostname: 'callplat-sim',
      section: 'configuration',
      tag_name: 'configuration',
      key_name: 'name',
      key_value: 'sofia.conf',
    });
    const res = await fetch(opts.url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`sofia.conf fetch: HTTP ${res.status}`);
    return parseSofiaGateways(await res.text());
  };
}
