// The typed "delete" confirmation a destructive DELETE carries as its JSON body (SPEC §5).
import type { Context } from 'koa';
import { z } from 'zod';
import { parse } from './validate';

export const confirmDeleteSchema = z.object({ confirm: z.literal('delete', 'validation.typeDelete') });

/** 400 unless the body is { confirm: 'delete' }. */
export function requireTypedDelete(ctx: Context): void {
  parse(ctx, confirmDeleteSchema, ctx.request.body ?? {});
}
