// Turns the domain's form problems (domain/telephony-config.ts) into zod issues, so the API refuses
// exactly what the forms refuse, with the server's message keys.
import type { z } from 'zod';
import type { MessageKey } from '../../../../domain/messages';
import type { Problem, Problems } from '../../../../domain/telephony-config';

const SECRET_FIELDS = new Set(['password', 'authPassword', 'eslPassword', 'secret']);

export function messageOf(field: string, p: Problem): MessageKey {
  if (p === 'required') return 'validation.required';
  if (p === 'name') return 'validation.minLength2';
  if (p === 'min6') return SECRET_FIELDS.has(field) ? 'validation.password' : 'validation.account';
  return `telephony.${p}`;
}

/** Adds one issue per problem, at the field's path. */
export function addProblems(ctx: z.RefinementCtx, problems: Problems): void {
  for (const [field, p] of Object.entries(problems))
    if (p) ctx.addIssue({ code: 'custom', path: [field], message: messageOf(field, p) });
}
