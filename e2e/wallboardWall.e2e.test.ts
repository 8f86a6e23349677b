// The wallboard's wall mode in Chromium at 1440×900 and 1920×1080, in both languages: merchant01 has
// three calls on (one ringing, two talking, in two tasks). The KPI strip is one row, group headers are
// readable, each call's timer says what it counts, the transcript drawer is titled with the call's
// masked number, task and seat and leaves the seat grid where it is; wall mode goes full screen (or
// covers the window where full screen is refused) with no side bar or top bar, and Esc leaves. The TV
// auto-rotation shows one task after another and stops when the user touches the page.
import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { maskPhone } from '../domain/format';
import { check, click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { useE2eEnv } from './support/platform';

const env = useE2eEnv(180_000);

const RINGING = '13900000181';
const TALKING = '13900000182';
const TALKING_2 = '13900000183';
const TASKS = ['墙板任务甲', '墙板任务乙'];
let taskIds: number[] = [];
let ringingUuid = '';

beforeAll(async () => {
  const k = env.platform.db.knex;
  const m1 = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  taskIds = [];
  for (const name of TASKS) {
    const [row] = await k('tasks')
      .insert({ account_id: m1, name, robots: 1, start_date: '2026-01-01', status: 0, run_state: 0 })
      .returning('id');
    taskIds.push(Number(row.id));
  }
  const now = Date.now();
  const open = (phone: string, taskId: number, status: string, startedAgo: number, answeredAgo?: number) => {
    const uuid = randomUUID();
    return {
      uuid,
      row: {
        call_uuid: uuid,
        account_id: m1,
        bot_id: 1,
        bot_version: 1,
        task_id: taskId,
        phone_masked: maskPhone(phone),
        phone_hash: 'x'.repeat(64),
        status,
        created_at: new Date(now - startedAgo),
        answered_at: answeredAgo === undefined ? null : new Date(now - answeredAgo),
      },
    };
  };
  const ringing = open(RINGING, taskIds[0]!, 'ringing', 12_000);
  ringingUuid = ringing.uuid;
  await k('calls').insert([
    ringing.row,
    open(TALKING, taskIds[0]!, 'answered', 90_000, 65_000).row,
    open(TALKING_2, taskIds[1]!, 'answered', 30_000, 20_000).row,
  ]);
});

type Lang = 'zh-CN' | 'en';
const TEXT = {
  'zh-CN': { ringing: /^振铃 \d+:\d{2}$/, talking: /^通话 \d+:\d{2}$/, task: '任务：', seat: '坐席：' },
  en: { ringing: /^Ringing \d+:\d{2}$/, talking: /^Talking \d+:\d{2}$/, task: 'Task: ', seat: 'Seat: ' },
};

async function openBoard(width: number, height: number, lang: Lang, refuseFullscreen = false): Promise<Page> {
  const page = await newPage(env.b, true);
  await page.setViewport({ width, height });
  if (refuseFullscreen)
    await page.evaluateOnNewDocument(() => {
      Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('refused'));
    });
  await login(page, env.platform.url, 'merchant01');
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(`${env.platform.url}/rootmain/rootsidebarmain/robotui`);
  await page.waitForSelector(`${tid('wall-live')}[data-status="on"]`, { timeout: 20_000 });
  await page.waitForSelector(tid('wall-kpis'));
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 3, {}, `${tid('wall-call')}`);
  return page;
}

/** Tops of the eight KPI tiles, and whether any big figure is wider than its tile. */
const kpiLayout = (page: Page) =>
  page.$$eval('[data-testid="wall-kpis"] > *', (tiles) => ({
    count: tiles.length,
    tops: tiles.map((t) => Math.round(t.getBoundingClientRect().top)),
    overflow: tiles.some((t) => t.scrollWidth > t.clientWidth + 1),
  }));

const groupHeaderSizes = (page: Page) =>
  page.$$eval('[data-testid="wall-group-title"]', (hs) =>
    hs.map((h) => parseFloat(getComputedStyle(h).fontSize)),
  );

const top = (page: Page, testId: string) =>
  page.$eval(tid(testId), (e) => Math.round(e.getBoundingClientRect().top));

/** In wall mode: full screen by the API, or the covering class; and nothing of the shell on top. */
const wallState = (page: Page) =>
  page.evaluate(() => {
    const board = document.querySelector('[data-testid="wallboard-page"]')!;
    const hit = (x: number, y: number) => board.contains(document.elementFromPoint(x, y));
    return {
      mode: board.getAttribute('data-wall'),
      fullscreen: document.fullscreenElement === board,
      covered: board.classList.contains('cp-wall-covered'),
      // Where the side bar (left) and the top bar (top) are, the board is on top.
      coversShell: hit(20, innerHeight / 2) && hit(innerWidth / 2, 10),
    };
  });

const cases: [number, number, Lang][] = [
  [1440, 900, 'zh-CN'],
  [1440, 900, 'en'],
  [1920, 1080, 'zh-CN'],
  [1920, 1080, 'en'],
];

it.each(cases)(
  'at %i×%i in %s: one KPI row, labelled timers, a titled drawer, wall mode in and out',
  async (w, h, lang) => {
    const page = await openBoard(w, h, lang);
    const text = TEXT[lang];

    // Beside the side bar: the KPI tiles share one row and no figure spills out.
    const normal = await kpiLayout(page);
    expect(normal.count).toBe(8);
    expect(new Set(normal.tops).size).toBe(1);
    expect(normal.overflow).toBe(false);
    for (const size of await groupHeaderSizes(page)) expect(size).toBeGreaterThanOrEqual(14);

    // Each timer says what it counts.
    const timers = await page.$$eval('[data-testid="wall-call-timer"]', (els) =>
      els.map((e) => ({ kind: e.getAttribute('data-kind'), text: (e as HTMLElement).innerText.trim() })),
    );
    expect(timers.filter((x) => x.kind === 'ringing')).toHaveLength(1);
    expect(timers.filter((x) => x.kind === 'talking')).toHaveLength(2);
    for (const x of timers) expect(x.text).toMatch(x.kind === 'ringing' ? text.ringing : text.talking);
    // The talking one answered 65 s ago counts its talk time, not the 90 s since it began.
    const talkSeconds = timers
      .filter((x) => x.kind === 'talking')
      .map((x) => x.text.split(' ')[1]!.split(':').map(Number))
      .map(([m, s]) => m! * 60 + s!);
    expect(Math.max(...talkSeconds)).toBeGreaterThanOrEqual(65);
    expect(Math.max(...talkSeconds)).toBeLessThan(90 + 60);

    // The transcript opens in a drawer titled with the masked number, the task and the seat; the seat
    // grid stays where it was.
    const seatsTop = await top(page, 'wall-seats');
    await page.locator(`${tid('wall-call')}[data-uuid="${ringingUuid}"]`).click();
    await page.waitForSelector(tid('wall-transcript-title'));
    expect(await textOf(page, tid('wall-transcript-title'))).toContain(maskPhone(RINGING));
    const meta = await textOf(page, tid('wall-transcript-meta'));
    expect(meta).toContain(`${text.task}${TASKS[0]}`);
    expect(meta).toContain(text.seat);
    expect(await top(page, 'wall-seats')).toBe(seatsTop);
    await shot(page, `wallboard-drawer-${w}-${lang}`);
    await click(page, 'wall-transcript-close');
    await page.waitForSelector(tid('wall-transcript'), { hidden: true });

    // Wall mode: the board alone, in large type, still one row of KPIs.
    await click(page, 'wall-mode');
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-wall') !== 'off',
      {},
      tid('wallboard-page'),
    );
    const on = await wallState(page);
    expect(on.fullscreen || on.covered).toBe(true);
    expect(on.coversShell).toBe(true);
    const wall = await kpiLayout(page);
    expect(new Set(wall.tops).size).toBe(1);
    expect(wall.overflow).toBe(false);
    for (const size of await groupHeaderSizes(page)) expect(size).toBeGreaterThanOrEqual(18);
    // The drawer opens over the wall too, with its title.
    await page.locator(`${tid('wall-call')}[data-uuid="${ringingUuid}"]`).click();
    await page.waitForSelector(tid('wall-transcript-title'), { visible: true });
    expect(await textOf(page, tid('wall-transcript-title'))).toContain(maskPhone(RINGING));
    await shot(page, `wallboard-wall-${w}-${lang}`);

    // Esc leaves.
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      (sel) =>
        document.querySelector(sel)?.getAttribute('data-wall') === 'off' && !document.fullscreenElement,
      {},
      tid('wallboard-page'),
    );
    const off = await wallState(page);
    expect(off.covered).toBe(false);
    expect(off.coversShell).toBe(false);
    await page.browserContext().close();
  },
);

it('covers the window when the browser refuses full screen, and Esc or the button leaves', async () => {
  const page = await openBoard(1440, 900, 'zh-CN', true);
  await click(page, 'wall-mode');
  await page.waitForSelector(`${tid('wallboard-page')}[data-wall="covered"]`);
  const on = await wallState(page);
  expect(on).toMatchObject({ fullscreen: false, covered: true, coversShell: true });
  expect(new Set((await kpiLayout(page)).tops).size).toBe(1);
  expect(await textOf(page, tid('wall-mode'))).toBe('退出大屏');
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${tid('wallboard-page')}[data-wall="off"]`);
  expect((await wallState(page)).coversShell).toBe(false);
  await click(page, 'wall-mode');
  await page.waitForSelector(`${tid('wallboard-page')}[data-wall="covered"]`);
  await click(page, 'wall-mode');
  await page.waitForSelector(`${tid('wallboard-page')}[data-wall="off"]`);
  await page.browserContext().close();
});

it('rotates between the tasks on the TV and stops when the user touches the page', async () => {
  const page = await openBoard(1920, 1080, 'en');
  const focus = () => page.$eval(tid('wall-rotate-focus'), (e) => Number(e.getAttribute('data-task')));
  const listed = () =>
    page.$$eval('[data-testid="wall-group-title"]', (hs) => hs.map((h) => (h as HTMLElement).innerText));
  // Off by default.
  expect(await page.$(tid('wall-rotate-focus'))).toBeNull();
  await page.select(tid('wall-rotate-seconds'), '10');
  await check(page, 'wall-rotate');
  // Going to wall mode for the TV keeps it rotating.
  await click(page, 'wall-mode');
  await page.waitForSelector(`${tid('wallboard-page')}:not([data-wall="off"])`);
  // The first task (by id) is shown alone, then the next one.
  await page.waitForSelector(tid('wall-rotate-focus'));
  const [first, second] = [...taskIds].sort((a, b) => a - b);
  expect(await focus()).toBe(first);
  await waitForText(page, tid('wall-rotate-focus'), '(1/2)');
  expect((await listed()).join()).toContain(TASKS[taskIds.indexOf(first!)]);
  expect(await listed()).toHaveLength(1);
  expect(
    await page.$eval(`${tid('wall-task')}[data-task="${first}"]`, (e) => e.getAttribute('data-focused')),
  ).toBe('true');
  await page.waitForFunction(
    (sel, id) => Number(document.querySelector(sel)?.getAttribute('data-task')) === id,
    { timeout: 15_000 },
    tid('wall-rotate-focus'),
    second,
  );
  expect((await listed()).join()).toContain(TASKS[taskIds.indexOf(second!)]);
  await shot(page, 'wallboard-rotate');
  // A click elsewhere on the page stops it: all calls again.
  const seats = await page.$(tid('wall-seats'));
  const box = (await seats!.boundingBox())!;
  await page.mouse.click(box.x + 10, box.y + 10);
  await page.waitForSelector(tid('wall-rotate-focus'), { hidden: true });
  expect(await page.$eval(tid('wall-rotate'), (e) => (e as HTMLInputElement).checked)).toBe(false);
  expect(await listed()).toHaveLength(2);
  await page.browserContext().close();
});
