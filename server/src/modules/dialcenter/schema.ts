import { z } from 'zod';
import {
  CODECS,
  LINE_DIDS_MAX,
  LINE_MODES,
  validateGateway,
  validateSipLine,
} from '../../../../domain/telephony-config';
import { addProblems } from './problems';

const text = (max: number) => z.string('validation.required').max(max, 'validation.invalid');
const optText = (max: number) => z.string('validation.invalid').max(max, 'validation.invalid').default('');
const int = z.number('validation.invalid').int('validation.invalid');

/** A line form; on edit an empty password keeps the stored one. Rules: domain validateSipLine. */
export const lineSchema = (isNew: boolean) =>
  z
    .object({
      name: text(64).trim(),
      serverIp: text(253).trim(),
      port: int,
      account: text(64).trim(),
      password: optText(128),
      callerNumber: optText(20).transform((s) => s.trim()),
      prefix: optText(10).transform((s) => s.trim()),
      codec: z.enum(CODECS, 'validation.invalid').default('PCMA'),
      sendRate: text(13).trim(),
      portCount: int,
      mode: z.enum(LINE_MODES, 'validation.invalid').default('gateway'),
      enabled: z.boolean('validation.invalid').default(true),
      // Left out: the stored numbers stay (an older form never wipes them).
      dids: z
        .array(z.string('validation.invalid').trim(), 'validation.invalid')
        .max(LINE_DIDS_MAX, 'telephony.dids')
        .optional(),
    })
    .superRefine((v, ctx) => addProblems(ctx, validateSipLine(v, isNew)));

export const enableSchema = z.object({ enabled: z.boolean('validation.required') });

export const assignSchema = z.object({
  accountIds: z
    .array(int.positive('validation.invalid'), 'validation.required')
    .max(1000, 'validation.invalid'),
});

export const gatewaySchema = (isNew: boolean) =>
  z
    .object({
      name: text(64).trim(),
      authName: text(64).trim(),
      authPassword: optText(128),
      sips: text(1000).trim(),
      prefix: optText(10).transform((s) => s.trim()),
      transferSip: optText(255).transform((s) => s.trim()),
      thirdSip: optText(255).transform((s) => s.trim()),
    })
    .superRefine((v, ctx) => addProblems(ctx, validateGateway(v, isNew)));
