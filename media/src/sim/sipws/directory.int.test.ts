// The simulator asks its user directory the way FreeSWITCH 1.10.12 does: a REGISTER by the digest user
// name (not by the extension in To, and with no `auth-name` param), `user/<ext>` by the extension with
// action=user_call; without a dial-string `user/<ext>` fails with MANDATORY_IE_MISSING, an unknown
// user with SUBSCRIBER_ABSENT, an unregistered one with USER_NOT_REGISTERED (all checked on the real
// switch with `originate user/1000 &park()`).
import { startSimulator, type Simulator } from '../server';
import { RawEsl } from '../testing';
import type { DirectoryParams, DirectoryUser } from './directory';
import { header, type SipMessage, type SipRequest } from './message';
import { answerSdp, newSdpIdentity } from './sdp';
import { SipWsClient } from './testClient';

const DIAL = '{^^:sip_invite_domain=${dialed_domain}}${sofia_contact(*/${dialed_user}@${dialed_domain})}';
const users: DirectoryUser[] = [
  { id: 'seat8101', password: 'pw-8101', dialString: DIAL },
  { id: '8101', password: 'pw-8101', dialString: DIAL },
  { id: '8102', password: 'pw-8102', dialString: null },
];
const asked: Array<{ user: string; params: DirectoryParams }> = [];
let sim: Simulator;
let esl: RawEsl;
const phones: SipWsClient[] = [];

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: 0.05,
    heartbeatMs: 0,
    personas: [
      { name: 'customer', match: '^139', outcome: 'answer', ringMs: [100, 100], hangupAtMs: 600_000 },
    ],
    sipWs: {
      port: 0,
      directory: async (user, _domain, params) => {
        asked.push({ user, params });
        return users.find((u) => u.id === user) ?? null;
      },
    },
  });
  esl = await RawEsl.open(
    sim.port,
    'plain CHANNEL_ANSWER CHANNEL_EXECUTE_COMPLETE BACKGROUND_JOB CHANNEL_HANGUP_COMPLETE',
  );
});
afterAll(async () => {
  for (const p of phones) p.close();
  esl.close();
  await sim.close();
});

async function phone(): Promise<SipWsClient> {
  const p = await SipWsClient.open(sim.sipWsPort!);
  phones.push(p);
  return p;
}

const isReq = (method: string) => (m: SipMessage) => m.kind === 'request' && m.method === method;

async function bgapi(cmd: string): Promise<string> {
  const reply = await esl.command(`bgapi ${cmd}`);
  const job = await esl.event(
    (e) => e['Event-Name'] === 'BACKGROUND_JOB' && e['Job-UUID'] === reply.headers['Job-UUID'],
    5000,
  );
  return job._body!;
}

it('looks a REGISTER up by the digest user name and binds the extension in To', async () => {
  const p = await phone();
  asked.length = 0;
  const ok = await p.register('8101', 'seat8101', 'pw-8101');
  expect(ok).toMatchObject({ status: 200 });
  expect(asked).toEqual([
    {
      user: 'seat8101',
      params: expect.objectContaining({
        action: 'sip_auth',
        sip_auth_method: 'REGISTER',
        sip_to_user: '8101',
      }),
    },
  ]);
  // The wrong password for that digest name is refused.
  expect(await (await phone()).register('8101', 'seat8101', 'nope')).toMatchObject({ status: 403 });
});

it('originate user/<ext>: MANDATORY_IE_MISSING without a dial-string, SUBSCRIBER_ABSENT, USER_NOT_REGISTERED', async () => {
  asked.length = 0;
  expect(await bgapi('originate {origination_uuid=u-1}user/8102 &park()')).toBe(
    '-ERR MANDATORY_IE_MISSING\n',
  );
  expect(asked[0]).toEqual({ user: '8102', params: { action: 'user_call' } });
  expect(await bgapi('originate {origination_uuid=u-2}user/8199 &park()')).toBe('-ERR SUBSCRIBER_ABSENT\n');
  expect(await bgapi('originate {origination_uuid=u-3}user/seat8101 &park()')).toBe(
    '-ERR USER_NOT_REGISTERED\n',
  );
  // None of them made a channel.
  expect(esl.events().filter((e) => /^u-\d$/.test(e['Unique-ID'] ?? ''))).toEqual([]);
});

it('bridge user/<ext> without a dial-string fails the same way, with originate_disposition set', async () => {
  expect(await bgapi('originate {origination_uuid=b-1}sofia/gateway/line-1/13900000001 &park()')).toBe(
    '+OK b-1\n',
  );
  await esl.command(
    'sendmsg b-1\ncall-command: execute\nexecute-app-name: bridge\nexecute-app-arg: user/8102\nEvent-UUID: br1',
  );
  const done = await esl.event(
    (e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === 'br1',
  );
  expect(done).toMatchObject({
    variable_originate_disposition: 'MANDATORY_IE_MISSING',
    variable_DIALSTATUS: 'MANDATORY_IE_MISSING',
  });
  await esl.command('api uuid_kill b-1');
});

it('originate user/<ext> rings the registered softphone and answers when it does', async () => {
  const p = await phone();
  expect(await p.register('8101', 'seat8101', 'pw-8101')).toMatchObject({ status: 200 });
  const from = p.received.length;
  const result = bgapi('originate {origination_uuid=u-4,originate_timeout=30}user/8101 &park()');
  const invite = (await p.waitFor(isReq('INVITE'), 5000, from)) as SipRequest;
  expect(header(invite, 'To')).toContain('8101');
  p.reply(invite, 200, 'OK', [['Content-Type', 'application/sdp']], answerSdp(invite.body, newSdpIdentity()));
  expect(await result).toBe('+OK u-4\n');
  await esl.command('api uuid_kill u-4');
  await esl.event((e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === 'u-4');
  await p.waitFor(isReq('BYE'), 3000, from);
});
