// Every /api reply is the SPEC §8 envelope { code, message, data }.
import type { Context, Next } from 'koa';
import { Code } from '../../../domain/api';
import { langFromHeader, translate, type Lang, type MessageKey } from '../../../domain/messages';
import { AppError } from './errors';
import { log } from '../../../platform/log';
import { dbFailureOf } from '../lib/pgErrors';

const CODE_OF_STATUS: Record<number, number> = {
  400: Code.BadRequest,
  409: Code.Conflict,
  500: Code.ServerError,
  503: Code.ServiceUnavailable,
};

export const langOf = (ctx: Context): Lang => langFromHeader(ctx.get('accept-language'));

export function ok(ctx: Context, data: unknown = null, key: MessageKey = 'ok'): void {
  ctx.status = 200;
  ctx.body = { code: Code.Ok, message: translate(langOf(ctx), key), data };
}

function reply(ctx: Context, status: number, code: number, key: MessageKey, vars = {}, data: unknown = null) {
  ctx.status = status;
  ctx.body = { code, message: translate(langOf(ctx), key, vars), data };
}

/** Catches everything below it under /api and answers with the envelope. */
export async function envelope(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) reply(ctx, 404, Code.NotFound, 'notFound');
  } catch (err) {
    if (err instanceof AppError) {
      const lang = langOf(ctx);
      const data = err.fields.length
        ? {
            ...(err.data as object),
            errors: err.fields.map((f) => ({ path: f.path, message: translate(lang, f.key, f.vars) })),
          }
        : err.data;
      return reply(ctx, err.status, err.code, err.key, err.vars, data);
    }
    const e = err as { status?: number; type?: string; expose?: boolean };
    if (e.type === 'entity.parse.failed') return reply(ctx, 400, Code.BadRequest, 'invalidJson');
    if (e.status === 413 || e.type === 'entity.too.large')
      return reply(ctx, 413, Code.PayloadTooLarge, 'payloadTooLarge');
    if (e.status && e.status >= 400 && e.status < 500 && e.expose)
      return reply(ctx, e.status, e.status, 'badRequest');
    // Any database failure: a clean status and message, PostgreSQL's own text only in the log.
    const db = dbFailureOf(err);
    if (db) {
      const pg = err as { message?: string; constraint?: string; table?: string; column?: string };
      (db.status >= 500 ? log.error : log.warn)('database error', {
        method: ctx.method,
        path: ctx.path,
        status: db.status,
        sqlState: db.reason,
        constraint: pg.constraint,
        table: pg.table,
        column: pg.column,
        err: db.status >= 500 ? String((err as Error)?.stack ?? err) : String(pg.message ?? err).slice(-300),
      });
      if (db.retryAfterS) ctx.set('Retry-After', String(db.retryAfterS));
      return reply(ctx, db.status, CODE_OF_STATUS[db.status]!, db.key);
    }
    log.error('unhandled error', { path: ctx.path, err: String((err as Error)?.stack ?? err) });
    reply(ctx, 500, Code.ServerError, 'serverError');
  }
}
