// Bot download (export) and upload (import) behind the Bot download password (SPEC §5), and setting
// that password. Until an account sets one, its export password stands in (the auth module's check).
import type { Context } from 'koa';
import { Code } from '../../../../domain/api';
import type { BotDefinition } from '../../../../domain/bot/definition';
import type { Deps } from '../../deps';
import { langOf } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { parse } from '../../http/validate';
import { passwordCheckLimits } from '../auth/limits';
import { checkPassword, type ClientMeta } from '../auth/service';
import type { AuthContext } from '../auth/sessions';
import { MAX_DEFINITION_BYTES, definitionSchema } from './definitionSchema';
import { mapRecordingIds } from '../../../../domain/bot/prompts';
import { insertBot, presentDetail } from './repo';
import { metaSchema } from './schema';
import { getBot } from './service';
import { fileError, receiveFile } from '../../files/upload';

export const BOT_FILE_FORMAT = 'callplat-bot';

const metaOf = (ctx: Context): ClientMeta => ({
  ip: ctx.ip,
  userAgent: ctx.get('user-agent'),
  lang: langOf(ctx),
});

/** Checks the Bot download password under the same failure limits as the export-password check. */
export async function checkDownloadPassword(deps: Deps, auth: AuthContext, ctx: Context, plain: string) {
  const row = await deps.db('accounts').where({ id: auth.actor.id }).first('bot_download_password_hash');
  if (!row?.bot_download_password_hash) return checkPassword(deps, auth, 'export', plain, metaOf(ctx));
  const limits = passwordCheckLimits(deps.config.rateLimit, auth.actor.id, ctx.ip);
  const wait = await deps.limiter.blockedFor(limits);
  if (wait > 0)
    throw new AppError(Code.TooManyRequests, 429, 'tooManyAttempts', { minutes: Math.ceil(wait / 60) });
  if (!(await deps.passwords.verify(row.bot_download_password_hash, plain))) {
    await deps.limiter.fail(limits);
    throw new AppError(Code.WrongPassword, 400, 'bots.wrongDownloadPassword');
  }
}

/** Setting it needs the login password. */
export async function setDownloadPassword(
  deps: Deps,
  auth: AuthContext,
  ctx: Context,
  v: { loginPassword: string; password: string },
) {
  await checkPassword(deps, auth, 'login', v.loginPassword, metaOf(ctx));
  await deps
    .db('accounts')
    .where({ id: auth.actor.id })
    .update({
      bot_download_password_hash: await deps.passwords.hash(v.password),
      updated_at: deps.db.fn.now(),
    });
}

/** The bot file: the draft without recording ids (recordings stay with the account). */
export async function exportBot(deps: Deps, auth: AuthContext, ctx: Context, id: number, password: string) {
  const bot = await getBot(deps, auth, id);
  await checkDownloadPassword(deps, auth, ctx, password);
  return {
    fileName: `bot-${bot.id}.json`,
    file: {
      format: BOT_FILE_FORMAT,
      version: 1,
      bot: {
        name: bot.name,
        industry: bot.industry,
        industrySubtype: bot.industry_subtype,
        description: bot.description,
      },
      definition: mapRecordingIds(bot.draft as BotDefinition, () => null),
    },
  };
}

export async function importBot(deps: Deps, auth: AuthContext, ctx: Context) {
  const upload = await receiveFile(ctx, MAX_DEFINITION_BYTES);
  await checkDownloadPassword(deps, auth, ctx, upload.fields.password ?? '');
  let doc: { format?: unknown; version?: unknown; bot?: unknown; definition?: unknown };
  try {
    doc = JSON.parse(upload.bytes.toString('utf8'));
  } catch {
    throw fileError('bots.fileNotJson');
  }
  if (!doc || typeof doc !== 'object' || doc.format !== BOT_FILE_FORMAT || doc.version !== 1)
    throw fileError('bots.fileNotBot', { format: BOT_FILE_FORMAT });
  const meta = parse(ctx, metaSchema, doc.bot ?? {});
  const definition = parse(ctx, definitionSchema, doc.definition) as BotDefinition;
  const row = await insertBot(deps.db, {
    ...meta,
    accountId: auth.actor.id,
    draft: mapRecordingIds(definition, () => null),
  });
  return presentDetail(row);
}
