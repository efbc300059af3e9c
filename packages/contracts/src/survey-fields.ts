import { z } from 'zod';

/**
 * Field helpers shared by the survey resources (devices, projects, points). Messages carry no field name:
 * the API prefixes the field itself ("Latitude: must be between -90 and 90").
 */

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** A number, or the text of one (form inputs send text); anything else stays as it is and fails the number check. */
const numberLike = (v: unknown) => (typeof v === 'string' && NUMERIC_TEXT.test(v) ? Number(v) : v);

export const inRange = (min: number, max: number) =>
  z.preprocess(
    numberLike,
    z
      .number({ message: 'must be a number' })
      .min(min, { message: `must be between ${min} and ${max}` })
      .max(max, { message: `must be between ${min} and ${max}` }),
  );

export const latitude = inRange(-90, 90);
export const longitude = inRange(-180, 180);

/** An optional reading-quality number: absent and null both mean "the device did not say". */
export const measurement = (min: number, max: number, integer = false) =>
  (integer ? z.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }) : z.number({ message: 'must be a number' }))
    .min(min, { message: `must be between ${min} and ${max}` })
    .max(max, { message: `must be between ${min} and ${max}` })
    .nullable()
    .optional();

// PostgreSQL text cannot hold U+0000: refused here, or the insert would fail as a server error
const NO_NUL = [(s: string) => !s.includes('\u0000'), { message: 'must not contain NUL characters' }] as const;

/** Text that may be empty, trimmed, bounded. */
export const optionalText = (max: number) =>
  z
    .string({ message: 'must be text' })
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .refine(...NO_NUL);

/** Trimmed, non-empty, bounded text, with the message the user reads when it is missing. */
export const requiredText = (max: number, required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: `must be at most ${max} characters` })
    .refine(...NO_NUL);

/** Case-insensitive choice that answers with one spelling: caseless(['Active', 'Paused']) reads 'paused' as 'Paused'. */
export function caseless<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const wanted = v.trim().toLowerCase();
    return values.find((x) => x.toLowerCase() === wanted) ?? v;
  }, z.enum(values, { message }));
}

/** ISO dates in replies. */
export const isoDate = z.string();
