// Parses a request part with a zod schema; failures become a 400 envelope listing each field.
import type { Context } from 'koa';
import type { z } from 'zod';
import type {} from '@koa/bodyparser'; // adds ctx.request.body
import { isMessageKey, translate } from '../../../domain/messages';
import { langOf } from './envelope';
import { badRequest } from './errors';

export function parse<S extends z.ZodType>(ctx: Context, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const lang = langOf(ctx);
  const errors = r.error.issues.map((i) => ({
    path: i.path.join('.'),
    message: translate(lang, isMessageKey(i.message) ? i.message : 'validation.invalid'),
  }));
  throw badRequest('badRequest', { errors });
}

export const body = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parse(ctx, schema, ctx.request.body ?? {});
export const query = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parse(ctx, schema, ctx.query);

/** Route id params: positive integers only. */
export function idParam(ctx: Context, name = 'id'): number {
  const raw = (ctx.params as Record<string, string>)[name] ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw))
    throw badRequest('badRequest', { errors: [{ path: name, message: 'id' }] });
  return Number(raw);
}
