// Bots of the real-switch tier, written straight into bots/bot_versions as the demo seed does (prompts
// are rendered by the worker on first use): one that only speaks (no recognizer needed), one IVR menu
// (DTMF only) whose key 1 transfers to a seat group.
import type { Knex } from 'knex';
import type { BotDefinition } from '../../domain/bot/definition';
import { bot, branch, fallback, goTo, hangUp, node, statement, transfer } from '../../domain/bot/demo/build';

/** These bots use no knowledge base, intents, hot words or intercepts. */
const NO_LISTS = { knowledge: [], intentLabels: [], intentRules: [], hotWords: [], interceptKeywords: [] };

export const GREETING = '您好，这里是启航教育，这是一通测试电话，感谢您的接听。';
export const GOODBYE = '好的，祝您生活愉快，再见。';
export const IVR_REMINDER = '请按1或2。';

/**
 * Says the greeting (`greetings` times: ~5 s each, for longer calls in the fs bench), then the goodbye,
 * then hangs up: a whole robot call with no listening.
 */
export const announceBot = (greetings = 1): BotDefinition =>
  bot({
    settings: { recognitionStart: 'afterFirst' },
    flows: [
      {
        id: 'main',
        name: '通知',
        kind: 'main',
        startNodeId: 'hello',
        nodes: [
          ...Array.from({ length: Math.max(1, greetings) }, (_, i) =>
            statement(
              i === 0 ? 'hello' : `hello${i}`,
              '开场',
              GREETING,
              goTo('main', i + 1 < greetings ? `hello${i + 1}` : 'bye'),
            ),
          ),
          statement('bye', '结束', GOODBYE, hangUp),
        ],
      },
    ],
    ...NO_LISTS,
  });

/** Asks a question and waits for a spoken answer: it needs a recognizer (domain/bot/speechNeed.ts). */
export const askingBot = (): BotDefinition =>
  bot({
    settings: { recognitionStart: 'afterFirst' },
    flows: [
      {
        id: 'main',
        name: '询问',
        kind: 'main',
        startNodeId: 'ask',
        nodes: [
          node(
            'ask',
            '询问',
            ['请问您现在方便吗？'],
            [branch('yes', '方便', 'affirm', ['方便'], goTo('main', 'bye'))],
          ),
          statement('bye', '结束', GOODBYE, hangUp),
        ],
      },
    ],
    ...NO_LISTS,
  });

/** Press 1 for a seat (group `seatGroupId`), 2 to end; silence ends the call after one reminder. */
export const ivrBot = (seatGroupId: number): BotDefinition =>
  bot({
    settings: { recognitionStart: 'afterFirst', waitSeconds: 8 },
    flows: [
      {
        id: 'main',
        name: '按键菜单',
        kind: 'main',
        startNodeId: 'menu',
        nodes: [
          node(
            'menu',
            '菜单',
            ['转人工请按1，结束请按2。'],
            [
              branch('seat', '转人工', 'affirm', [], transfer(seatGroupId), [], { dtmf: '1' }),
              branch('end', '结束', 'deny', [], goTo('main', 'bye'), [], { dtmf: '2' }),
            ],
            {
              type: 'ivr',
              noMatch: fallback([IVR_REMINDER], goTo('main', 'bye'), 1),
              silence: fallback([IVR_REMINDER], goTo('main', 'bye'), 1),
            },
          ),
          statement('bye', '结束', GOODBYE, hangUp),
        ],
      },
    ],
    ...NO_LISTS,
  });

/** A published, online bot of `accountId` with `def` as version 1; returns its id. */
export async function insertBot(
  k: Knex,
  accountId: number,
  name: string,
  def: BotDefinition,
): Promise<number> {
  const [row] = await k('bots')
    .insert({
      account_id: accountId,
      name,
      industry: '教育',
      industry_subtype: '',
      description: 'real-switch test bot',
      status: 'online',
      enabled: true,
      draft: JSON.stringify(def),
      published_version: 1,
    })
    .returning('id');
  await k('bot_versions').insert({
    bot_id: row.id,
    version: 1,
    definition: JSON.stringify(def),
    created_by: accountId,
  });
  return Number(row.id);
}

/**
 * The account's recognizer (asr_settings). 'none': the bot hears DTMF only, so a node without a
 * speech recognizer (ours: ../shared/freeswitch/BUILD.md) may carry its calls.
 */
export async function setRecognizer(k: Knex, accountId: number, provider: 'none' | 'unimrcp'): Promise<void> {
  await k('asr_settings')
    .insert({ account_id: accountId, provider })
    .onConflict('account_id')
    .merge(['provider']);
}
