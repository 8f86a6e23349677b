// Batch training: grade a file of test conversations against the bot's draft.
//
//   POST /api/bots/:id/grade-set   multipart, one file in the field "file" (.jsonl, .txt or .json,
//                                  UTF-8, at most GRADE_FILE_MAX_BYTES and GRADE_FILE_MAX_LINES lines)
//                                  -> GradeSetReply { rows: GradeRow[], summary: GradeSummary }
//
// The file is domain/bot/gradeSet's: one JSON object a line, {"bot", "turns", "expect"}. Every
// line's "bot" is ignored (and may be left out): the editor tests its own draft, compiled exactly as
// the training chat runs it (compiledDraft). A bad line is a row with its line number and an error;
// the other lines are still graded. Nothing is written (no learning rows, no blacklist, no reminders).
// Permission: the training chat's (menu bot/botview, a bot of the caller's own subtree via getBot).
// Refusals are SPEC §8 envelopes: no file / not multipart / not a text file 400, too large 413.
import type { Context } from 'koa';
import type { BotDefinition } from '../../../../domain/bot/definition';
import {
  GRADE_FILE_MAX_BYTES,
  gradeConversations,
  type GradeRow,
  type GradeSummary,
} from '../../../../domain/bot/gradeSet';
import type { Deps } from '../../deps';
import type { AuthContext } from '../auth/sessions';
import { compiledDraft } from './engine';
import { getBot } from './service';
import { fileError, receiveFile } from '../../files/upload';

export interface GradeSetReply {
  rows: GradeRow[];
  summary: GradeSummary;
}

const TEXT_FILE = /\.(jsonl|txt|json)$/i;

/** The upload as text: UTF-8 (a BOM is dropped), no NUL bytes (a binary file sent by mistake). */
function textOf(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileError('bots.gradeFileText');
  }
  if (text.includes('\u0000')) throw fileError('bots.gradeFileText');
  return text;
}

/**
 * Gives every object line without a "bot" this bot's id, so that the shared parser (which needs one
 * to pick the bot) takes it; other lines are left as they are for the parser to report.
 */
export function withOwnBot(text: string, botKey: string): string {
  return text
    .split('\n')
    .map((raw) => {
      const t = raw.trim();
      if (!t.startsWith('{')) return raw;
      try {
        const v = JSON.parse(t) as unknown;
        if (!v || typeof v !== 'object' || Array.isArray(v)) return raw;
        const bot = (v as { bot?: unknown }).bot;
        if (typeof bot === 'string' ? bot.trim() !== '' : typeof bot === 'number') return raw;
        return JSON.stringify({ ...v, bot: botKey });
      } catch {
        return raw;
      }
    })
    .join('\n');
}

export async function gradeSet(
  deps: Deps,
  auth: AuthContext,
  ctx: Context,
  id: number,
): Promise<GradeSetReply> {
  const bot = await getBot(deps, auth, id);
  const upload = await receiveFile(ctx, GRADE_FILE_MAX_BYTES);
  if (!TEXT_FILE.test(upload.originalName)) throw fileError('bots.gradeFileType');
  const text = textOf(upload.bytes);
  const compiled = compiledDraft(Number(bot.id), bot.draft_rev, bot.draft as BotDefinition);
  return gradeConversations(withOwnBot(text, String(bot.id)), () => compiled);
}
