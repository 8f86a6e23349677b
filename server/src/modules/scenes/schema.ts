// Request validation of /api/scenes: the shape here, the form rules (domain/scenes.ts) in the
// refinement, so the API refuses exactly what the scene form refuses.
import { z } from 'zod';
import type { MessageKey } from '../../../../domain/messages';
import { SCENE_TARGETS, validateScene, type SceneProblem } from '../../../../domain/scenes';
import { DEFAULT_TRANSFER_WAIT_S } from '../../../../domain/transfer';

export function messageOf(p: SceneProblem): MessageKey {
  switch (p) {
    case 'required':
      return 'validation.required';
    case 'name':
      return 'validation.minLength2';
    case 'tooLong':
      return 'telephony.tooLong';
    case 'did':
      return 'scenes.did';
    case 'wait':
      return 'scenes.wait';
    default:
      return 'validation.invalid';
  }
}

const optId = z
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .nullable();

export const sceneSchema = z
  .strictObject({
    name: z.string('validation.required').max(64, 'telephony.tooLong').trim(),
    did: z.string('validation.required').max(20, 'scenes.did').trim(),
    lineId: z.number('validation.required').int('validation.invalid').positive('validation.invalid'),
    target: z.enum(SCENE_TARGETS, 'validation.required'),
    botId: optId.default(null),
    seatGroupId: optId.default(null),
    waitSeconds: z.number('validation.invalid').default(DEFAULT_TRANSFER_WAIT_S),
    enabled: z.boolean('validation.invalid').default(true),
  })
  .superRefine((v, ctx) => {
    for (const [field, p] of Object.entries(validateScene(v)))
      if (p) ctx.addIssue({ code: 'custom', path: [field], message: messageOf(p) });
  });
export type SceneBody = z.infer<typeof sceneSchema>;
