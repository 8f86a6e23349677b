import { z } from 'zod';
import { isMenuKey } from '../../../../domain/menus';

export const saveRoleSchema = z.object({
  name: z.string('validation.required').trim().min(2, 'validation.minLength2').max(64),
  description: z.string().trim().max(500).optional(),
  menus: z.array(z.string().refine(isMenuKey, 'validation.menu'), 'validation.invalid').max(200),
});
