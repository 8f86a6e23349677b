// The FreeSWITCH simulator: a TCP server speaking inbound ESL (mod_event_socket) in front of a
// simulated switch with virtual customers. Several clients at once, each with its own
// subscriptions and filters; every channel event goes to every subscribed client.
import net from 'node:net';
import { Gateways, type GatewaySource, type ProxyCheck } from './gateways';
import { Hub, type RecognizerStart } from './hub';
import { Listener } from './listener';
import { Modules } from './modules';
import { DEFAULT_PERSONAS, type Persona } from './personas';
import { startRegistrar, type RegistrarOptions } from './sipws/registrar';

export interface SimulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  password?: string;
  seed?: number;
  personas?: Persona[];
  /** Multiplies every simulated wait: 0.01 makes a 2 s prompt take 20 ms. */
  timeScale?: number;
  /** HEARTBEAT event interval in simulated ms (FreeSWITCH: 20 s); 0 turns it off. */
  heartbeatMs?: number;
  /** Also run the SIP-over-WebSocket registrar for softphones (sipws/); off when absent. */
  sipWs?: RegistrarOptions;
  /** Loaded modules (modules.ts); default DEFAULT_SIM_MODULES (the real build plus ASR and G729). */
  modules?: readonly string[];
  /**
   * The external profile's gateways: fetched from `source` (sofia.conf, gatewaysFromXmlCurl) at start
   * and on rescan; `reachable` answers each ping (default: the personas answer every proxy; sipPing.ts
   * asks the network). Without it every gateway name is loaded and up.
   */
  gateways?: { source: GatewaySource; reachable?: ProxyCheck };
  /** Prompt files the simulator cannot read: 'check' answers FILE NOT FOUND, 'assume' (default) plays them. */
  files?: 'check' | 'assume';
}

export interface SimulatorStats {
  connections: number;
  channels: number;
  sessionsSinceStartup: number;
  peakSessions: number;
}

export interface Simulator {
  port: number;
  host: string;
  /** Port of the SIP-over-WebSocket registrar, when it runs. */
  sipWsPort?: number;
  close(): Promise<void>;
  stats(): SimulatorStats;
  /** The recognizers a channel was given (engine, hot words), oldest first. */
  recognizers(uuid: string): RecognizerStart[];
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const host = opts.host ?? '127.0.0.1';
  const password = opts.password ?? 'ClueCon';
  const hub = new Hub({
    seed: opts.seed ?? 1,
    timeScale: opts.timeScale ?? 1,
    personas: opts.personas ?? DEFAULT_PERSONAS,
    files: opts.files ?? 'assume',
  });
  if (opts.modules) hub.modules = new Modules(opts.modules);
  if (opts.gateways) hub.gateways = new Gateways(hub, opts.gateways.source, opts.gateways.reachable);
  await hub.gateways.start();
  const listeners = new Set<Listener>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const l = new Listener(socket, hub, password);
    listeners.add(l);
    socket.on('close', () => {
      sockets.delete(socket);
      listeners.delete(l);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  if (opts.sipWs)
    hub.registrar = await startRegistrar({ host, ...opts.sipWs }).catch((err: unknown) => {
      server.close();
      throw err;
    });

  const beatMs = opts.heartbeatMs ?? 20000;
  let stopBeat = () => {};
  const beat = () => {
    stopBeat = hub.after(beatMs, () => {
      hub.fire('HEARTBEAT', {
        headers: [
          ['Event-Info', 'System Ready'],
          ['Session-Count', String(hub.channels.size)],
          ['Session-Since-Startup', String(hub.sessionsSinceStartup)],
          ['Session-Peak-Max', String(hub.peakSessions)],
          ['Max-Sessions', '1000'],
        ],
      });
      beat();
    });
  };
  if (beatMs > 0) beat();

  return {
    port,
    host,
    sipWsPort: hub.registrar?.port,
    recognizers: (uuid) => [...(hub.recognizers.get(uuid) ?? [])],
    stats: () => ({
      connections: listeners.size,
      channels: hub.channels.size,
      sessionsSinceStartup: hub.sessionsSinceStartup,
      peakSessions: hub.peakSessions,
    }),
    async close() {
      stopBeat();
      hub.gateways.stop();
      for (const ch of [...hub.channels.values()]) void ch.hangup('SYSTEM_SHUTDOWN', 200, 'send_bye');
      for (const l of listeners) l.close();
      hub.stop();
      await hub.registrar?.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
