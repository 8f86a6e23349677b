// Bots in Chromium: merchant01 creates a bot, adds a node and branches in the flow editor, saves,
// trains it in the chat (a sentence hits the branch: the reason shows; the end shows the grade),
// checks and submits it; superadmin approves it and the bot is online.
import type { Page } from 'puppeteer-core';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(180_000);

/** Buttons may sit under the top toasts: dispatch the click on the element itself. */
async function press(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(`${tid(testId)}:not([disabled])`);
  await page.$eval(tid(testId), (e) => (e as HTMLElement).click());
}

async function selectValue(page: Page, testId: string, value: string): Promise<void> {
  await page.waitForSelector(tid(testId));
  await page.select(tid(testId), value);
}

async function tab(page: Page, id: string): Promise<void> {
  await press(page, `tab-${id}`);
  await page.waitForSelector(`[role="tab"][data-tab-id="${id}"][aria-selected="true"]`);
}

const chatText = (page: Page) => textOf(page, tid('chat-lines'));

it('builds, trains, submits and approves a bot', async () => {
  const page = await newPage(env.b, true);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-bot/botview');
  await page.waitForSelector(tid('bots-page'));

  // The new-bot dialog checks the name (2–50) before sending.
  await press(page, 'bots-new');
  await page.waitForSelector(tid('bot-dialog'));
  await fill(page, 'bot-name', 'a');
  await press(page, 'bot-dialog-submit');
  expect(await textOf(page, tid('error-bot-name'))).toBe('名称为2到50个字符');
  await fill(page, 'bot-name', '贷款回访机器人');
  await fill(page, 'bot-industry', '金融');
  await press(page, 'bot-dialog-submit');
  await page.waitForSelector(tid('bot-editor'));
  const botId = Number(await page.$eval(tid('bot-editor'), (e) => e.getAttribute('data-bot')));
  expect(botId).toBeGreaterThan(0);
  await page.waitForSelector(tid('flow-node-open'));

  // A new node with its text and a branch with keywords (and a level), validated in the form.
  await press(page, 'node-add');
  await page.waitForSelector(`${tid('node-panel')}[data-node="n1"]`);
  await fill(page, 'node-name', '产品介绍');
  await fill(page, 'node-prompts-0', '我们有一款低息贷款，您有兴趣了解吗？');
  await press(page, 'branch-add');
  await page.waitForSelector(tid('branch-0'));
  expect(await textOf(page, tid('error-branch-0-name'))).toBe('必填');
  await fill(page, 'branch-0-name', '有兴趣');
  await fill(page, 'branch-0-keywords', '有兴趣,了解~x');
  expect(await textOf(page, tid('error-branch-0-keywords'))).toContain('优先级必须是数字');
  await fill(page, 'branch-0-keywords', '有兴趣,感兴趣~5');
  await page.waitForSelector(tid('error-branch-0-keywords'), { hidden: true });
  await press(page, 'branch-0-answers-add');
  await fill(page, 'branch-0-answers-0', '好的，稍后会有专人联系您，再见。');
  await selectValue(page, 'branch-0-level', '21');

  // The opening node gets a branch that leads to the new node: an arrow appears.
  await press(page, 'flow-node-open');
  await page.waitForSelector(`${tid('node-panel')}[data-node="open"]`);
  await press(page, 'branch-add');
  await page.waitForSelector(tid('branch-1'));
  await fill(page, 'branch-1-name', '想了解');
  await fill(page, 'branch-1-keywords', '贷款,利率');
  await selectValue(page, 'branch-1-next-action', '3');
  await selectValue(page, 'branch-1-next-flow', 'main');
  await selectValue(page, 'branch-1-next-node', 'n1');
  await page.waitForSelector(tid('edge-open-n1'));
  await page.waitForSelector(tid('editor-dirty'));
  await press(page, 'editor-save');
  await page.waitForSelector(tid('editor-dirty'), { hidden: true });
  await shot(page, 'bots-editor');

  // Training: the sentence hits the branch (reason shown), the call ends with a grade.
  await tab(page, 'training');
  await press(page, 'training-start');
  await waitForText(page, tid('chat-lines'), '您好，请问现在方便说话吗？');
  await fill(page, 'training-input', '我想了解一下贷款');
  await press(page, 'training-send');
  await waitForText(page, tid('chat-lines'), '我们有一款低息贷款');
  expect(await chatText(page)).toMatch(/想了解/);
  await fill(page, 'training-input', '有兴趣');
  await press(page, 'training-send');
  await page.waitForSelector(`${tid('training-chat')}[data-state="ended"]`);
  await page.waitForSelector(tid('training-grade'));
  expect(await textOf(page, tid('training-grade'))).toMatch(/最终等级：[A-F]/);
  expect((await textOf(page, tid('training-grade-reason'))).length).toBeGreaterThan(0);
  expect(await chatText(page)).toContain('好的，稍后会有专人联系您，再见。');
  await shot(page, 'bots-training');

  // Check shows no errors; submit sends it to review.
  await press(page, 'editor-check');
  await page.waitForSelector(`${tid('problems')}[data-errors="0"]`);
  await press(page, 'editor-submit');
  await page.waitForSelector(`${tid(`status-${botId}`)}:is([data-status="review"], [data-status="online"])`);
  const status = await page.$eval(tid(`status-${botId}`), (e) => e.getAttribute('data-status'));

  if (status === 'review') {
    const admin = await newPage(env.b, true);
    await login(admin, env.platform.url, 'superadmin');
    await admin.goto(`${env.platform.url}/rootmain/bot/botview`);
    await admin.waitForSelector(tid(`bot-review-${botId}`));
    await press(admin, `bot-review-${botId}`);
    await admin.waitForSelector(tid('review-dialog'));
    await press(admin, 'review-approve');
    await admin.waitForSelector(`${tid(`status-${botId}`)}[data-status="online"]`);
    await shot(admin, 'bots-approved');
    await admin.close();
  }

  // The merchant's list shows the bot online.
  await page.goto(`${env.platform.url}/rootmain/bot/botview`);
  await page.waitForSelector(`${tid(`status-${botId}`)}[data-status="online"]`);
  await shot(page, 'bots-list');

  // The editor lists the published version.
  await page.goto(`${env.platform.url}/rootmain/bot/botview/${botId}`);
  await press(page, 'editor-versions');
  await waitForText(page, tid('versions-table'), 'v1');
  expect(pageErrors).toEqual([]);
});
