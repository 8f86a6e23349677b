import { z } from 'zod';
import { IMPORT_OPTIONS, ImportOption } from '../../../../../domain/crm';
import { IMPORT_KINDS, TEMPLATE_FORMATS } from '../../../../../domain/importPreview';
import { isSupplierKey } from './phone';
import { IMPORT_LANGS } from './reasons';

const removeIf = z
  .object({
    calledWithinDays: z.number().int().min(1).max(3650).optional(),
    // Intention and call-result levels (SPEC §4): 21–26, 62–90.
    grades: z.array(z.number().int().min(1).max(999)).max(50).optional(),
  })
  .strict();

/** The multipart fields next to the file: option 1–4 and params (JSON text). */
export const importFieldsSchema = z
  .object({
    option: z.coerce
      .number('validation.required')
      .int('validation.invalid')
      .refine((o) => IMPORT_OPTIONS.includes(o), 'validation.invalid'),
    params: z
      .string()
      .optional()
      .transform((s, c) => {
        if (!s) return {};
        try {
          return JSON.parse(s) as unknown;
        } catch {
          c.addIssue({ code: 'custom', message: 'validation.invalid' });
          return z.NEVER;
        }
      })
      .pipe(removeIf),
    // The report's language; without it, the request's Accept-Language.
    lang: z.enum(IMPORT_LANGS, 'validation.invalid').optional(),
    // SPEC §5: import, like export, needs the export password.
    password: z.string('validation.required').min(1, 'validation.required').max(128, 'validation.invalid'),
  })
  .transform((v) => (v.option === ImportOption.DedupeRemoveByCondition ? v : { ...v, params: {} }))
  .refine(
    (v) =>
      v.option !== ImportOption.DedupeRemoveByCondition ||
      v.params.calledWithinDays !== undefined ||
      (v.params.grades?.length ?? 0) > 0,
    { message: 'validation.required', path: ['params'] },
  );

/** The supplier key for option 4: text of 16, 24 or 32 bytes (AES-128/192/256-ECB, see phone.ts). */
export const aesKeySchema = z.object({
  key: z.string('validation.required').refine(isSupplierKey, 'validation.invalid'),
});

export const listImportsSchema = z.object({
  beforeId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/imports/template: which import, which format, which language (else Accept-Language). */
export const templateQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, 'validation.invalid'),
  format: z.enum(TEMPLATE_FORMATS, 'validation.invalid').default('xlsx'),
  lang: z.enum(IMPORT_LANGS, 'validation.invalid').optional(),
});

/**
 * POST /api/imports/preview?kind=…: the file comes as multipart field "file"; a refusal is in the
 * request's language (Accept-Language), like every other field error.
 */
export const previewQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, 'validation.invalid'),
});
