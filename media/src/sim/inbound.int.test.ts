// Inbound calls of the simulator over a real ESL socket: `api sim_inbound` makes a channel with
// Call-Direction inbound and the dialed number in Caller-Destination-Number, parked for the client
// (CHANNEL_CREATE, CHANNEL_PARK); uuid_answer answers it and the caller's persona talks; nobody
// answering ends it as ORIGINATOR_CANCEL; bad arguments get the usage line.
import type { Persona } from './personas';
import { startSimulator, type Simulator } from './server';
import { RawEsl } from './testing';

const caller: Persona = {
  name: 'caller',
  outcome: 'answer',
  greeting: '你好，我想咨询一下',
  otherwise: null,
};

let sim: Simulator;
let esl: RawEsl;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01, seed: 3, heartbeatMs: 0, personas: [caller] });
  esl = await RawEsl.open(
    sim.port,
    'plain CHANNEL_CREATE CHANNEL_PARK CHANNEL_ANSWER CHANNEL_HANGUP_COMPLETE DETECTED_SPEECH',
  );
});
afterAll(async () => {
  esl?.close();
  await sim?.close();
});

const place = async (args: string) => (await esl.command(`api sim_inbound ${args}`)).body;

it('parks an inbound channel with the dialed and calling numbers; answered, the caller talks', async () => {
  const reply = await place('4008001234 13900000009 caller');
  expect(reply).toMatch(/^\+OK [0-9a-f-]{36}\n$/);
  const uuid = reply.trim().slice(4);
  const create = await esl.event((e) => e['Event-Name'] === 'CHANNEL_CREATE' && e['Unique-ID'] === uuid);
  expect(create).toMatchObject({
    'Call-Direction': 'inbound',
    'Caller-Destination-Number': '4008001234',
    'Caller-Caller-ID-Number': '13900000009',
  });
  const park = await esl.event((e) => e['Event-Name'] === 'CHANNEL_PARK' && e['Unique-ID'] === uuid);
  expect(park).toMatchObject({
    'Call-Direction': 'inbound',
    'Channel-State': 'CS_PARK',
    'Answer-State': 'ringing',
    variable_direction: 'inbound',
  });
  expect(sim.stats().channels).toBe(1);

  // A recognizer listens, then the answer: the caller's persona says its first sentence.
  await esl.command(
    `sendmsg ${uuid}\ncall-command: execute\nexecute-app-name: detect_speech\nexecute-app-arg: unimrcp builtin:grammar/boolean boolean`,
  );
  expect((await esl.command(`api uuid_answer ${uuid}`)).body).toMatch(/^\+OK/);
  await esl.event((e) => e['Event-Name'] === 'CHANNEL_ANSWER' && e['Unique-ID'] === uuid);
  const heard = await esl.event(
    (e) =>
      e['Event-Name'] === 'DETECTED_SPEECH' &&
      e['Unique-ID'] === uuid &&
      e['Speech-Type'] === 'detected-speech',
  );
  expect(heard._body).toContain('你好，我想咨询一下');
  expect((await esl.command(`api uuid_kill ${uuid} NORMAL_CLEARING`)).body).toMatch(/^\+OK/);
  const end = await esl.event(
    (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === uuid,
  );
  expect(end['Hangup-Cause']).toBe('NORMAL_CLEARING');
  expect(Number(end['Caller-Channel-Answered-Time'])).toBeGreaterThan(0);
});

it("says which line a call arrived on, as mod_sofia does: the gateway's name, or the carrier's address", async () => {
  const viaGateway = (await place('4008001236 13900000011 caller - line-7')).trim().slice(4);
  const parked = await esl.event((e) => e['Event-Name'] === 'CHANNEL_PARK' && e['Unique-ID'] === viaGateway);
  expect(parked).toMatchObject({ variable_sip_gateway: 'line-7', variable_sip_network_ip: '127.0.0.1' });
  const viaTrunk = (await place('4008001237 13900000012 caller - - 58.20.30.40')).trim().slice(4);
  const trunk = await esl.event((e) => e['Event-Name'] === 'CHANNEL_PARK' && e['Unique-ID'] === viaTrunk);
  expect(trunk.variable_sip_gateway).toBeUndefined();
  expect(trunk.variable_sip_network_ip).toBe('58.20.30.40');
  expect(await place('4008001238 13900000013 caller - bad/gw')).toMatch(/^-USAGE/);
  expect(await place('4008001238 13900000013 caller - - not-an-ip')).toMatch(/^-USAGE/);
  for (const uuid of [viaGateway, viaTrunk]) await esl.command(`api uuid_kill ${uuid} NORMAL_CLEARING`);
});

it('a call nobody answers is given up by the caller', async () => {
  const uuid = (await place('4008001235 13900000010 caller 5')).trim().slice(4);
  const end = await esl.event(
    (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === uuid,
    5000,
  );
  expect(end).toMatchObject({ 'Hangup-Cause': 'ORIGINATOR_CANCEL', 'Caller-Channel-Answered-Time': '0' });
});

it('refuses bad arguments and unknown personas', async () => {
  expect(await place('')).toMatch(/^-USAGE/);
  expect(await place('4008001234')).toMatch(/^-USAGE/);
  expect(await place('4008001234 notanumber')).toMatch(/^-USAGE/);
  expect(await place('4008001234 139 caller -1')).toMatch(/^-USAGE/);
  expect(await place('4008001234 139 nobody')).toMatch(/^-ERR no persona named nobody/);
});
