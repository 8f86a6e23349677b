// Seats in Chromium: merchant01 creates a seat group and an extension seat it works itself (the form
// refuses a short auth password first), goes online at its desk panel and sees the state change; then
// the call flow marks the seat busy and wrap-up on the server side and the page follows live, and
// "ready" brings it back to idle; its figures page shows the offer. The password never reaches the page.
import type { Page } from 'puppeteer-core';
import { seatStates } from '../server/src/modules/seats/state/state';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, newPage, shot, textOf, tid } from './support/browser';

const env = useE2eEnv(120_000);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

const statusOf = (page: Page, seatId: number) =>
  page.$eval(tid(`seat-status-${seatId}`), (el) => el.getAttribute('data-status'));
const waitStatus = (page: Page, seatId: number, status: string) =>
  page.waitForFunction(
    (sel, want) => [...document.querySelectorAll(sel)].every((el) => el.getAttribute('data-status') === want),
    {},
    tid(`seat-status-${seatId}`),
    status,
  );

it('merchant01 creates a group and a seat, goes online and sees the state live', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  const knex = env.platform.db.knex;
  const m1 = Number((await knex('accounts').where({ account: 'merchant01' }).first('id')).id);

  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-dialcenter/seatsmanage');
  await page.waitForSelector(tid('seats-page'));
  await page.waitForSelector(tid('seat-hint')); // no group yet: the page says to add one first

  // A seat group.
  await click(page, 'tab-groups');
  await click(page, 'group-add');
  await fill(page, 'input-group-name', '销');
  await click(page, 'group-dialog-submit');
  expect(await textOf(page, tid('error-group-name'))).toContain('至少 2 个字符');
  await fill(page, 'input-group-name', '一线坐席组');
  await fill(page, 'input-group-description', '白班');
  await click(page, 'group-dialog-submit');
  await page.waitForSelector(tid('group-row-一线坐席组'));
  const group = await knex('seat_groups').where({ account_id: m1 }).first('id');

  // An extension seat worked by merchant01 itself.
  await click(page, 'tab-seats');
  await click(page, 'seat-add');
  await page.waitForSelector(tid('seat-dialog'));
  await fill(page, 'input-seat-name', '值班坐席');
  await page.select(tid('input-seat-groupId'), String(group.id));
  await page.select(tid('input-seat-userId'), String(m1));
  await fill(page, 'input-seat-extension', '8801');
  await fill(page, 'input-seat-authName', 'seat8801');
  await fill(page, 'input-seat-authPassword', '12345');
  await click(page, 'seat-dialog-submit');
  expect(await textOf(page, tid('error-seat-authPassword'))).toContain('至少 6 个字符');
  await fill(page, 'input-seat-authPassword', 'Desk-Pass-88');
  await click(page, 'seat-dialog-submit');
  await page.waitForSelector(tid('seat-row-值班坐席'));
  await page.waitForSelector(tid('seat-dialog'), { hidden: true });
  const seat = await knex('seats').where({ account_id: m1 }).first('id');
  const seatId = Number(seat.id);
  expect(await statusOf(page, seatId)).toBe('offline');
  expect(await textOf(page, tid('seat-row-值班坐席'))).toContain('已设置');
  expect(await page.content()).not.toContain('Desk-Pass-88');

  // The desk panel: go online.
  await page.waitForSelector(tid(`desk-online-${seatId}`));
  await check(page, `desk-online-${seatId}`);
  await waitStatus(page, seatId, 'idle');
  await shot(page, 'seats-online');

  // The call flow (server side) takes the seat and ends the call: the page follows over the socket.
  const states = seatStates({
    db: env.platform.server.deps.db,
    redis: env.platform.server.deps.redis,
    prefix: env.platform.config.redisPrefix,
    live: env.platform.server.deps.live,
  });
  expect(await states.pick(Number(group.id), 'e2e-call-1')).toBe(seatId);
  await waitStatus(page, seatId, 'busy');
  await states.markWrapUp(seatId, 'e2e-call-1');
  await waitStatus(page, seatId, 'wrapup');
  await shot(page, 'seats-wrapup');
  await click(page, `desk-ready-${seatId}`);
  await waitStatus(page, seatId, 'idle');

  // Do not disturb.
  await check(page, `desk-dnd-${seatId}`);
  await waitStatus(page, seatId, 'dnd');
  expect(await textOf(page, tid(`desk-${seatId}`))).toContain('免打扰');

  // Its figures: one answered offer of 90 s this month.
  await knex('seat_offers').insert({
    account_id: m1,
    seat_id: seatId,
    call_uuid: 'e2e-call-1',
    offered_at: new Date(),
    answered_at: new Date(),
    ended_at: new Date(),
    talk_ms: 90_000,
  });
  await click(page, 'menu-dialcenter/seatsdialdata');
  await page.waitForSelector(tid('figures-row-值班坐席'));
  expect(
    await page.$$eval(`${tid('figures-row-值班坐席')} td`, (tds) => tds.map((td) => td.textContent)),
  ).toEqual(['值班坐席', '一线坐席组', 'merchant01', '1', '1', '0', '1:30', '1:30']);
  await shot(page, 'seats-figures');
  expect(errors).toEqual([]);
});
