import { z } from 'zod';
import { LIMITS } from './limits.js';

/** Every error reply of the API has this shape. */
export const errorReply = z.object({ success: z.literal(false), message: z.string() });
export type ErrorReply = z.infer<typeof errorReply>;

export const okReply = z.object({ success: z.literal(true), message: z.string().optional() });

/** Ids are UUIDs; anything else in a path is simply not found. */
export const id = z.uuid({ message: 'must be a valid id' });

/** Trimmed, non-empty text with an upper bound so nobody stores a novel in a name. */
// PostgreSQL text cannot hold U+0000: refused here so it can never become a 500 at the database
export const noNul = (s: string) => !s.includes('\u0000');

export const text = (max: number, label = 'value') =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine(noNul, { message: `${label} must not contain NUL characters` });

export const email = z
  .string({ message: 'email must be text' })
  .trim()
  .toLowerCase()
  .max(254, { message: 'email is too long' })
  .pipe(z.email({ message: 'email must be a valid e-mail address' }));

/** bcrypt reads at most 72 bytes; a longer password would be silently cut, so it is refused. */
export const password = z
  .string({ message: 'password must be text' })
  .min(LIMITS.passwordMinLength, { message: `Password must be at least ${LIMITS.passwordMinLength} characters` })
  .refine((p) => new TextEncoder().encode(p).length <= 72, { message: 'Password must be at most 72 bytes' })
  .refine(noNul, { message: 'Password must not contain NUL characters' });

export const otp = z
  .string({ message: 'otp must be text' })
  .trim()
  .regex(/^\d{6}$/, { message: 'otp must be six digits' });

/** Turns a zod error into the one-line message the API answers with, naming the field. */
export function describeIssues(error: z.ZodError, where = 'body'): string {
  const first = error.issues[0];
  if (!first) return `Invalid ${where}`;
  const field = first.path.length ? first.path.join('.') : where;
  if (first.code === 'unrecognized_keys') {
    const keys = (first as { keys?: string[] }).keys ?? [];
    const prefix = first.path.length ? `${first.path.join('.')}.` : '';
    return `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.map((k) => prefix + k).join(', ')}`;
  }
  return `${field}: ${first.message}`;
}
