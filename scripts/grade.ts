// The bot regression tool: npm run grade -- FILE [--bot-file BOT.json]
// FILE has one JSON object a line: {"bot": "mortgage" | "course" | "rental" | <bot id>, "turns":
// [customer sentences, "<silence>", "<hangup>"], "expect": "A".."F" or a result code}. The keys
// mortgage/course/rental are the demo bots; a bot id is read from the database (its published
// version, else its draft). Prints one JSON line per conversation, then {"total","exact","accuracy"}.
import { readFileSync } from 'node:fs';
import { compile, type CompiledBot } from '../domain/bot/compile';
import type { BotDefinition } from '../domain/bot/definition';
import { demoBot } from '../domain/bot/demo';
import { gradeConversations } from '../domain/bot/gradeSet';

async function botsFromDb(ids: string[]): Promise<Map<string, BotDefinition>> {
  const found = new Map<string, BotDefinition>();
  if (!ids.length) return found;
  const { default: knex } = await import('knex');
  const { loadConfig } = await import('../config');
  const db = knex({ client: 'pg', connection: loadConfig().databaseUrl });
  try {
    for (const id of ids) {
      const bot = await db('bots')
        .where({ id: Number(id) })
        .first();
      if (!bot) continue;
      const version = bot.published_version
        ? await db('bot_versions').where({ bot_id: bot.id, version: bot.published_version }).first()
        : null;
      found.set(id, (version?.definition ?? bot.draft) as BotDefinition);
    }
  } finally {
    await db.destroy();
  }
  return found;
}

async function main(): Promise<number> {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: npm run grade -- FILE  (one JSON object a line: {"bot","turns","expect"})');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  const ids = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /"bot"\s*:\s*"?(\d+)"?/.exec(line);
    if (m) ids.add(m[1]!);
  }
  const fromDb = await botsFromDb([...ids]).catch((e: Error) => {
    console.error(`bots by id need the database: ${e.message}`);
    return new Map<string, BotDefinition>();
  });
  const cache = new Map<string, CompiledBot | null>();
  const resolve = (key: string): CompiledBot | null => {
    if (!cache.has(key)) {
      const def = demoBot(key)?.definition ?? fromDb.get(key);
      cache.set(key, def ? compile(def) : null);
    }
    return cache.get(key)!;
  };
  const { rows, summary } = gradeConversations(text, resolve);
  for (const r of rows) {
    const out: Record<string, unknown> = { line: r.line, bot: r.bot, grade: r.grade, result: r.result };
    if (r.expect !== undefined) out.expect = r.expect;
    if (r.exact !== undefined) out.exact = r.exact;
    out.reason = r.reason;
    out.replies = r.replies;
    if (r.error) out.error = r.error;
    console.log(JSON.stringify(out));
  }
  console.log(JSON.stringify(summary));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(e.stack ?? e.message);
    process.exit(1);
  },
);
