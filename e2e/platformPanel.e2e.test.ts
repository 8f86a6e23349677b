// The platform panel (平台看板) in Chromium: the super administrator sees every tenant's calls in
// progress (by node and by merchant, as recharts bars), today's totals across tenants, the switches,
// workers, queues, lines down, low balances and expiring accounts; a call that starts while the page
// is open arrives with the next platform:pulse (no reload) and 数据截至 moves. In zh-CN and in English.
// A merchant opening the URL is refused.
import { randomUUID } from 'node:crypto';
import { phoneHash } from '../platform/secrets';
import { maskPhone } from '../domain/format';
import { fsGatewayStatusKey, fsNodeStatusKey } from '../domain/media';
import { SIM_NODE } from '../seeds/03-telephony';
import { useE2eEnv } from './support/platform';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);
const PANEL = '/rootmain/bussinesscentral/systemreadpanel';

async function insertCall(account: string, over: Record<string, unknown>) {
  const { id } = await env.platform.db.knex('accounts').where({ account }).first('id');
  const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const at = new Date(Date.now() - 3000);
  await env.platform.db.knex('calls').insert({
    call_uuid: randomUUID(),
    account_id: id,
    bot_id: 1,
    bot_version: 1,
    phone_masked: maskPhone(phone),
    phone_hash: phoneHash(env.platform.config.secretKey, phone),
    created_at: at,
    ...over,
  });
}

it('shows the platform live and today, moves with the pulse, in zh-CN and English', async () => {
  const at = new Date(Date.now() - 3000);
  await insertCall('merchant01', {
    status: 'ended',
    ended_at: at,
    result_level: 21,
    grade: 21,
    talk_ms: 90_000,
  });
  await insertCall('operator01', { status: 'ended', ended_at: at, result_level: 63 });
  await insertCall('operator01', { status: 'answered', fs_node: SIM_NODE.name, originated_at: at });
  const { redis, config } = env.platform.server.deps;
  const node = await env.platform.db.knex('fs_nodes').where({ name: SIM_NODE.name }).first('id');
  const status = {
    connected: true,
    channels: 2,
    sps: 1,
    lastError: null,
    updatedAt: new Date().toISOString(),
  };
  await redis.hset(fsNodeStatusKey(config.redisPrefix), String(node.id), JSON.stringify(status));
  const line = await env.platform.db
    .knex('sip_lines')
    .where({ enabled: true })
    .orderBy('id')
    .first('id', 'name');
  await redis.set(
    fsGatewayStatusKey(config.redisPrefix, `line-${line.id}`),
    JSON.stringify({ online: false, busy: false, updatedAt: new Date().toISOString() }),
    'EX',
    600,
  );
  await env.platform.db.knex('accounts').where({ account: 'operator01' }).update({ balance_fen: 0 });

  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'superadmin');
  await page.goto(`${env.platform.url}${PANEL}`);
  await page.waitForSelector(`${tid('panel-live')}[data-status="on"]`);
  await waitForText(page, tid('page-header-title'), '系统看板');
  await waitForText(page, tid('panel-calls'), '1');
  expect(await textOf(page, tid('panel-today-dialed'))).toBe('2');
  expect(await textOf(page, tid('panel-today-connected'))).toBe('1');
  expect(await textOf(page, tid('panel-card-calls'))).toContain('通话中');
  await page.waitForSelector(`${tid('panel-chart-nodes')} .recharts-bar-rectangle`);
  await page.waitForSelector(`${tid('panel-chart-merchants')} .recharts-bar-rectangle`);
  expect(await textOf(page, tid('panel-nodes'))).toContain(SIM_NODE.name);
  expect(await textOf(page, tid('panel-nodes'))).toContain('在线');
  expect(await textOf(page, tid('panel-lines-down'))).toContain(line.name);
  expect(await textOf(page, tid('panel-low-balances'))).toContain('operator01');
  expect(await textOf(page, tid('panel-queues'))).toContain('dial');
  await page.waitForSelector(tid('panel-workers-empty'));
  await shot(page, 'platform-panel-zh');

  // A call starts: the next pulse brings it without a reload, 数据截至 moves on.
  const asOfBefore = await page.$eval(tid('panel-asof'), (el) => el.getAttribute('data-asof'));
  await insertCall('merchant01', { status: 'dialing' });
  await waitForText(page, tid('panel-calls'), '2');
  const asOfAfter = await page.$eval(tid('panel-asof'), (el) => el.getAttribute('data-asof'));
  expect(Date.parse(asOfAfter!)).toBeGreaterThan(Date.parse(asOfBefore!));

  await click(page, 'lang-en');
  await waitForText(page, tid('page-header-title'), 'System panel');
  expect(await textOf(page, tid('panel-card-calls'))).toContain('Calls in progress');
  expect(await textOf(page, tid('panel-nodes'))).toContain('Channels');
  expect(await textOf(page, tid('panel-workers-empty'))).toContain('No media worker is running');
  expect(await textOf(page, tid('panel-calls'))).toBe('2');
  await shot(page, 'platform-panel-en');
  await click(page, 'lang-zh-CN');
  await page.browserContext().close();
});

it('refuses a merchant', async () => {
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'merchant01');
  expect(await page.$(tid('menu-bussinesscentral/systemreadpanel'))).toBeNull();
  await page.goto(`${env.platform.url}${PANEL}`);
  await page.waitForSelector(tid('forbidden'));
  expect(await page.$(tid('platform-panel-page'))).toBeNull();
  await page.browserContext().close();
});

// Dashboard corrections (issue 25): a day without dialed calls is a gap in the rate line, not 0 %, and
// a chart with nothing to draw all week says so.
it("shows the dashboard's empty charts and the rate's gaps", async () => {
  const at = new Date(Date.now() - 5000);
  await insertCall('operator01', { status: 'ended', ended_at: at, result_level: 63 });
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');
  await page.waitForSelector(tid('chart-grades-empty'));
  await page.waitForSelector(tid('chart-minutes-empty'));
  await page.waitForSelector(`${tid('chart-rate')} .recharts-line`);
  expect(await textOf(page, tid('chart-rate-gaps'))).toBe('没有拨打的日子留空，不计为 0%。');
  expect(await textOf(page, tid('chart-grades-empty'))).toBe('近 7 天没有有意向等级的通话');
  await shot(page, 'dashboard-empty-charts');
  await page.browserContext().close();
});
