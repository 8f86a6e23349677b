// Parses a request part with a zod schema; failures become a 400 envelope listing each field.
// Every query and body passes here, so text no PostgreSQL column can hold (NUL) and other control
// characters are refused here once, for every field, before any schema or query sees them.
import type { Context } from 'koa';
import type { z } from 'zod';
import type {} from '@koa/bodyparser'; // adds ctx.request.body
import { isMessageKey, translate } from '../../../domain/messages';
import { findControlChar, isId } from '../../../domain/validators';
import { langOf } from './envelope';
import { badRequest } from './errors';

export function parse<S extends z.ZodType>(ctx: Context, schema: S, value: unknown): z.infer<S> {
  const lang = langOf(ctx);
  const controlAt = findControlChar(value);
  if (controlAt !== null)
    throw badRequest('badRequest', {
      errors: [{ path: controlAt, message: translate(lang, 'validation.controlChars') }],
    });
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const errors = r.error.issues.flatMap((i) =>
    // A strict schema's unknown keys: each is named, like any other refused field.
    i.code === 'unrecognized_keys'
      ? i.keys.map((k) => ({
          path: [...i.path, k].join('.'),
          message: translate(lang, 'validation.invalid'),
        }))
      : [
          {
            path: i.path.join('.'),
            message: translate(lang, isMessageKey(i.message) ? i.message : 'validation.invalid'),
          },
        ],
  );
  throw badRequest('badRequest', { errors });
}

export const body = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parse(ctx, schema, ctx.request.body ?? {});
export const query = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parse(ctx, schema, ctx.query);

/** Route id params: positive integers that fit a bigint and a JS number exactly. */
export function idParam(ctx: Context, name = 'id'): number {
  const raw = (ctx.params as Record<string, string>)[name] ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw) || !isId(Number(raw)))
    throw badRequest('badRequest', {
      errors: [{ path: name, message: translate(langOf(ctx), 'validation.invalid') }],
    });
  return Number(raw);
}
