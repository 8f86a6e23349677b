// Every /api reply is the SPEC §8 envelope { code, message, data }.
import type { Context, Next } from 'koa';
import { Code } from '../../../domain/api';
import { langFromHeader, translate, type Lang, type MessageKey } from '../../../domain/messages';
import { AppError } from './errors';
import { log } from '../lib/log';

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
    log.error('unhandled error', { path: ctx.path, err: String((err as Error)?.stack ?? err) });
    reply(ctx, 500, Code.ServerError, 'serverError');
  }
}
