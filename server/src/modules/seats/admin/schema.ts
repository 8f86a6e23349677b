// Request validation of /api/seats: the shapes here, the rules of the forms (domain/seats.ts) in the
// refinements, so the API refuses exactly what the forms refuse.
import { z } from 'zod';
import type { MessageKey } from '../../../../../domain/messages';
import { isDayText } from '../../../../../domain/validators';
import {
  FIGURES_MAX_DAYS,
  SEAT_TYPES,
  validateSeat,
  validateSeatGroup,
  type SeatProblem,
  type SeatProblems,
} from '../../../../../domain/seats';

const SECRET_FIELDS = new Set(['authPassword']);

export function messageOf(field: string, p: SeatProblem): MessageKey {
  switch (p) {
    case 'required':
      return 'validation.required';
    case 'name':
      return 'validation.minLength2';
    case 'min6':
      return SECRET_FIELDS.has(field) ? 'validation.password' : 'validation.account';
    case 'mobile':
      return 'validation.mobile';
    case 'extension':
      return 'seats.extension';
    case 'tooLong':
      return 'telephony.tooLong';
    default:
      return 'validation.invalid';
  }
}

export function addProblems(ctx: z.RefinementCtx, problems: SeatProblems): void {
  for (const [field, p] of Object.entries(problems))
    if (p) ctx.addIssue({ code: 'custom', path: [field], message: messageOf(field, p) });
}

const str = (max: number) => z.string('validation.required').max(max, 'telephony.tooLong');
const optStr = (max: number) => z.string('validation.invalid').max(max, 'telephony.tooLong').default('');
const id = z.number('validation.required').int('validation.invalid').positive('validation.invalid');

export const groupSchema = z
  .object({ name: str(64).trim(), description: optStr(500).transform((s) => s.trim()) })
  .superRefine((v, ctx) => addProblems(ctx, validateSeatGroup(v)));
export type GroupBody = z.infer<typeof groupSchema>;

/** A seat form. On edit an empty password or mobile keeps the stored one (the service re-checks with what is stored). */
export const seatSchema = z
  .object({
    name: str(64).trim(),
    type: z.enum(SEAT_TYPES, 'validation.invalid'),
    groupId: id,
    userId: id,
    extension: optStr(20).transform((s) => s.trim()),
    authName: optStr(64).transform((s) => s.trim()),
    authPassword: optStr(128),
    mobile: optStr(20).transform((s) => s.trim()),
    enabled: z.boolean('validation.invalid').default(true),
    autoAnswer: z.boolean('validation.invalid').default(false),
  })
  .superRefine((v, ctx) => addProblems(ctx, validateSeat(v, { authPassword: true, mobile: true })));
export type SeatBody = z.infer<typeof seatSchema>;

export const listSchema = z.object({ groupId: z.coerce.number().int().positive().optional() });

/** The seat's own switches; at least one. */
export const stateSchema = z
  .strictObject({
    online: z.boolean('validation.invalid').optional(),
    dnd: z.boolean('validation.invalid').optional(),
    autoAnswer: z.boolean('validation.invalid').optional(),
    ready: z.literal(true, 'validation.invalid').optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'validation.required');

const day = z.string('validation.date').refine((s) => isDayText(s), 'validation.date');
const dayMs = (s: string) => Date.parse(`${s}T00:00:00Z`);

export const figuresSchema = z
  .object({
    from: day,
    to: day,
    groupId: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    after: z.coerce.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    const span = (dayMs(v.to) - dayMs(v.from)) / 86_400_000;
    if (!(span >= 0 && span < FIGURES_MAX_DAYS))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'seats.range' });
  });
export type FiguresQuery = z.infer<typeof figuresSchema>;
