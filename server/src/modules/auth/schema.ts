import { z } from 'zod';
import { isAccountName, isEmail, isMobile, isPassword } from '../../../../domain/validators';

const required = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.invalid');
export const password = z.string('validation.required').refine(isPassword, 'validation.password');
export const email = z.string('validation.required').trim().refine(isEmail, 'validation.email');
export const accountName = z.string('validation.required').trim().refine(isAccountName, 'validation.account');
export const optionalMobile = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || isMobile(v), 'validation.mobile');

const confirmMatches = <T extends { password: string; confirm: string }>(s: z.ZodType<T>) =>
  s.refine((v) => v.password === v.confirm, { message: 'validation.confirm', path: ['confirm'] });

export const loginSchema = z.object({
  account: required(254),
  password: z.string('validation.required').min(1, 'validation.required').max(128, 'validation.password'),
  remember: z.boolean('validation.invalid').default(false),
  pledge: z.boolean('validation.required'),
});

export const registerSchema = confirmMatches(
  z.object({
    account: accountName,
    password,
    confirm: z.string('validation.required'),
    email,
    realName: required(64),
    phone: optionalMobile,
    pledge: z.boolean('validation.required'),
  }),
);

export const forgotSchema = z.object({ email });

export const verifySchema = z.object({ token: z.string('validation.required').min(20).max(100) });

export const resetSchema = confirmMatches(
  z.object({
    token: z.string('validation.required').min(20).max(100),
    password,
    confirm: z.string('validation.required'),
  }),
);

export const changePasswordSchema = confirmMatches(
  z.object({
    kind: z.enum(['login', 'export'], 'validation.invalid'),
    oldPassword: z.string('validation.required').min(1, 'validation.required').max(128),
    password,
    confirm: z.string('validation.required'),
  }),
);

export const checkPasswordSchema = z.object({ password: z.string('validation.required').min(1).max(128) });
