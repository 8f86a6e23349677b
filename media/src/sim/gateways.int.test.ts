// The simulator's gateways as mod_sofia keeps them (checked on FreeSWITCH 1.10.12): sofia.conf fetched
// over HTTP the way mod_xml_curl does (served here by the platform's own sofiaConfXml), OPTIONS pings
// over UDP deciding UP/DOWN, GATEWAY_DOWN / INVALID_GATEWAY with no channel, and a rescan that keeps
// an already loaded gateway until killgw removes it.
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sofiaConfXml, type SofiaGateway } from '../../../server/src/modules/dialcenter/telephonyXml';
import { gatewaysFromXmlCurl } from './gateways';
import { startSimulator, type Simulator } from './server';
import { sipOptionsPing } from './sipPing';
import { RawEsl, sleep } from './testing';

const AUTH = { user: 'freeswitch', password: 'gw-test' };
let lines: SofiaGateway[] = [];
let web: http.Server;
let url = '';
let carrier: dgram.Socket;
let carrierPort = 0;
let deadPort = 0;
let sim: Simulator | undefined;
let c: RawEsl | undefined;

const line = (name: string, port: number, register = false): SofiaGateway => ({
  name,
  username: `acct-${name}`,
  password: 'secret',
  host: '127.0.0.1',
  port,
  register,
  callerNumber: '02100000001',
  codec: 'PCMA',
});

function serveSofia(): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const basic = `Basic ${Buffer.from(`${AUTH.user}:${AUTH.password}`).toString('base64')}`;
      const form = new URLSearchParams(body);
      if (req.headers.authorization !== basic || form.get('key_value') !== 'sofia.conf') {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/xml' }).end(sofiaConfXml(lines));
    });
  });
}

const listen = (s: http.Server, port = 0) =>
  new Promise<number>((r) => s.listen(port, '127.0.0.1', () => r((s.address() as AddressInfo).port)));

beforeAll(async () => {
  web = serveSofia();
  url = `http://127.0.0.1:${await listen(web)}/fsapi/xml`;
  // A carrier that answers OPTIONS, and a port where nobody does.
  carrier = dgram.createSocket('udp4');
  carrier.on('message', (m, rinfo) => {
    const text = m.toString();
    const keep = text.split('\r\n').filter((l) => /^(Via|From|To|Call-ID|CSeq):/i.test(l));
    carrier.send(
      ['SIP/2.0 200 OK', ...keep, 'Content-Length: 0', '', ''].join('\r\n'),
      rinfo.port,
      rinfo.address,
    );
  });
  await new Promise<void>((r) => carrier.bind(0, '127.0.0.1', () => r()));
  carrierPort = carrier.address().port;
  const probe = dgram.createSocket('udp4');
  await new Promise<void>((r) => probe.bind(0, '127.0.0.1', () => r()));
  deadPort = probe.address().port;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(async () => {
  carrier.close();
  await new Promise((r) => web.close(r));
});
afterEach(async () => {
  c?.close();
  await sim?.close();
  sim = undefined;
});

async function start(sourceUrl = url): Promise<RawEsl> {
  sim = await startSimulator({
    timeScale: 0.01,
    heartbeatMs: 0,
    personas: [{ name: 'answers', match: '.*', outcome: 'answer', ringMs: [100, 100], hangupAtMs: 600000 }],
    gateways: {
      source: gatewaysFromXmlCurl({ url: sourceUrl, ...AUTH }),
      reachable: (proxy) => sipOptionsPing(proxy, 300),
    },
  });
  c = await RawEsl.open(sim.port, 'plain ALL');
  return c;
}

const api = async (cmd: string) => (await c!.command(`api ${cmd}`)).body;
const field = (xml: string, name: string, tag: string) =>
  new RegExp(`<name>${name}</name>[\\s\\S]*?<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

async function bgOriginate(gw: string, uuid: string): Promise<string> {
  const reply = await c!.command(
    `bgapi originate {origination_uuid=${uuid}}sofia/gateway/${gw}/13800000000 &park()`,
  );
  const job = await c!.event(
    (e) => e['Event-Name'] === 'BACKGROUND_JOB' && e['Job-UUID'] === reply.headers['Job-UUID'],
  );
  return job._body!;
}

it('pings each gateway: a proxy nobody answers is DOWN, and dialling it fails at once with no channel', async () => {
  lines = [line('line-1', carrierPort), line('line-2', deadPort), line('line-3', deadPort, true)];
  await start();
  const xml = await api('sofia xmlstatus gateway');
  expect(xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<gateways>\n')).toBe(true);
  expect(field(xml, 'line-1', 'status')).toBe('UP');
  expect(field(xml, 'line-1', 'proxy')).toBe(`sip:127.0.0.1:${carrierPort}`);
  expect(field(xml, 'line-1', 'pingfreq')).toBe('30');
  expect(field(xml, 'line-2', 'status')).toBe('DOWN');
  expect(field(xml, 'line-2', 'state')).toBe('NOREG');
  // A registering line has no ping (telephonyXml): UP as far as pings go.
  expect(field(xml, 'line-3', 'status')).toBe('UP');
  expect(await api('sofia xmlstatus gateway line-9')).toBe('Invalid Gateway!\n');
  expect(await api('sofia status gateway line-9')).toBe('Invalid Gateway!\n');
  expect(await api('sofia status gateway line-2')).toMatch(/\nStatus {2}\tDOWN\n/);
  expect(await api('sofia status gateway')).toMatch(
    /^ {4}Profile::Gateway-Name\t {24}Data {4}\tState\tPing Time\tIB Calls\(F\/T\)\tOB Calls\(F\/T\)\n=+\n[\s\S]*\t {2}0\.00\t0\/0\t0\/0\n=+\n3 gateways: Inbound\(Failed\/Total\): 0\/0,Outbound\(Failed\/Total\):0\/0\n$/,
  );

  expect(await bgOriginate('line-2', 'gw-down')).toBe('-ERR GATEWAY_DOWN\n');
  expect(await bgOriginate('line-9', 'gw-none')).toBe('-ERR INVALID_GATEWAY\n');
  for (const uuid of ['gw-down', 'gw-none'])
    expect(
      c!
        .events()
        .filter((e) => e['Unique-ID'] === uuid)
        .map((e) => e['Event-Name']),
    ).toEqual(['CHANNEL_DESTROY']);
  expect(c!.events().find((e) => e['Unique-ID'] === 'gw-down')).toMatchObject({
    'Channel-State': 'CS_NONE',
    'Channel-Name': 'N/A',
  });
  expect(await bgOriginate('line-1', 'gw-up')).toBe('+OK gw-up\n');
  expect(field(await api('sofia xmlstatus gateway line-2'), 'line-2', 'failed-calls-out')).toBe('1');
  await api('uuid_kill gw-up');
});

it('a rescan keeps a loaded gateway as it was; killgw then rescan applies the edit', async () => {
  lines = [line('line-1', carrierPort)];
  await start();
  lines = [line('line-1', deadPort), line('line-4', carrierPort)];
  expect(await api('sofia profile external rescan')).toBe('Reload XML [Success]\n+OK scan complete\n');
  let xml = await api('sofia xmlstatus gateway');
  // "Ignoring duplicate gateway 'line-1'": the old proxy stays; the new line is added.
  expect(field(xml, 'line-1', 'proxy')).toBe(`sip:127.0.0.1:${carrierPort}`);
  expect(field(xml, 'line-4', 'status')).toBe('UP');
  expect(await api('sofia profile external killgw line-1')).toBe('+OK gateway marked for deletion.\n');
  expect(await api('sofia profile external killgw line-1')).toBe('-ERR no such gateway.\n');
  expect(await bgOriginate('line-1', 'gw-killed')).toBe('-ERR INVALID_GATEWAY\n');
  await api('sofia profile external rescan');
  xml = await api('sofia xmlstatus gateway');
  expect(field(xml, 'line-1', 'proxy')).toBe(`sip:127.0.0.1:${deadPort}`);
  expect(field(xml, 'line-1', 'status')).toBe('DOWN');
  expect(await api('sofia profile nope rescan')).toBe('Invalid Profile [nope]\n');
});

it('fetches sofia.conf again until the platform answers (it may start after the switch)', async () => {
  lines = [line('line-1', carrierPort)];
  const late = serveSofia();
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  await start(`http://127.0.0.1:${port}/fsapi/xml`);
  expect(await bgOriginate('line-1', 'gw-early')).toBe('-ERR INVALID_GATEWAY\n');
  await listen(late, port);
  try {
    for (let i = 0; i < 100 && (await api('sofia xmlstatus gateway line-1')) === 'Invalid Gateway!\n'; i++)
      await sleep(50);
    expect(field(await api('sofia xmlstatus gateway'), 'line-1', 'status')).toBe('UP');
  } finally {
    await new Promise((r) => late.close(r));
  }
});

it('without a gateway source every gateway is up (the simulator alone)', async () => {
  sim = await startSimulator({ timeScale: 0.01, heartbeatMs: 0 });
  c = await RawEsl.open(sim.port, 'plain ALL');
  expect(field(await api('sofia xmlstatus gateway anything'), 'anything', 'status')).toBe('UP');
  expect(await api('sofia profile external killgw anything')).toBe('+OK gateway marked for deletion.\n');
});
