// The typed "delete" confirmation of a DELETE request (SPEC §5). The JSON body parser leaves DELETE
// bodies alone, so the (small) body is read here.
import type { Context } from 'koa';
import { z } from 'zod';
import { badRequest } from '../../http/errors';
import { parse } from '../../http/validate';

export const confirmDeleteSchema = z.object({ confirm: z.literal('delete', 'validation.typeDelete') });

async function deleteBody(ctx: Context): Promise<unknown> {
  if (ctx.request.body !== undefined) return ctx.request.body;
  let raw = '';
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    raw += chunk.toString('utf8');
    if (raw.length > 4096) throw badRequest();
  }
  if (!raw.trim()) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('invalidJson');
  }
}

/** 400 unless the body is { confirm: 'delete' }. */
export async function requireTypedDelete(ctx: Context): Promise<void> {
  parse(ctx, confirmDeleteSchema, await deleteBody(ctx));
}
