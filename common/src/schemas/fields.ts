/**
 * Field schemas shared by forms and the server. Bodies arrive form-encoded, so booleans, numbers and
 * lists are accepted both as their JSON types (from forms in the SPA) and as their string encodings.
 */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { LIMITS } from '../policy.ts';
import { isSafeReturnPath } from '../return-path.ts';

export const requiredString = (max = 1000) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: MESSAGES.tooLong(max) });

export const optionalString = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong(max) })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A trimmed text that `problem` finds nothing wrong with; what it answers is the message. */
export const checked = (problem: (value: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** An optional text of at most `max` characters (blank is none) that `problem` finds nothing wrong with. */
export const optionalChecked = (max: number, problem: (value: string) => string | null) =>
  optionalString(max).pipe(checked(problem).optional());

export const email = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(LIMITS.emailMax, { error: MESSAGES.tooLong(LIMITS.emailMax) })
  .pipe(z.email({ error: MESSAGES.invalidEmail }))
  .transform((v) => v.toLowerCase());

/** A password as typed: never trimmed or altered here; the server normalises it (NFKC) before hashing. */
export const password = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required })
  .max(LIMITS.passwordMaxLength, { error: MESSAGES.tooLong(LIMITS.passwordMaxLength) });

const TRUE_STRINGS = new Set(['true', 'on', '1', 'yes']);

/** A checkbox: true, 'true', 'on' and '1' are ticked; anything else, or nothing, is not. */
export const formBoolean = z.preprocess((v) => (typeof v === 'string' ? TRUE_STRINGS.has(v.toLowerCase()) : v === true), z.boolean());

/** A required consent tick. */
export const consent = z.preprocess(
  (v) => (typeof v === 'string' ? TRUE_STRINGS.has(v.toLowerCase()) : v === true),
  z.literal(true, { error: MESSAGES.required }),
);

/** A list field: a repeated form key, a single value, or an array; blank entries are dropped. */
export const formList = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((v) => {
    const list = v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v];
    return list.filter((entry) => typeof entry !== 'string' || entry.trim() !== '');
  }, z.array(item));

/** A blank form field is a missing one: coercing '' or null would silently give 0. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** A required number in a range, typed or sent as text; blank is 'This field is required'. */
export const formNumber = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.required })
      .min(min, { error: `Please enter a number of at least ${min}` })
      .max(max, { error: `Please enter a number no greater than ${max}` }),
  );

/** A required whole number in a range. */
export const formInt = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.required })
      .int({ error: 'Please enter a whole number' })
      .min(min, { error: `Please enter a number of at least ${min}` })
      .max(max, { error: `Please enter a number no greater than ${max}` }),
  );

/** An optional whole number of a query string in a range; absent or blank is undefined. */
export const optionalInt = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).optional());

/**
 * A list's page size in a query string: `fallback` when absent, refused above `max` with a sentence
 * that names the cap (a caller asking for more learns the limit rather than getting fewer silently).
 */
export const pageSize = (max: number, fallback: number) =>
  z
    .preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .int({ error: 'The page size must be a whole number' })
        .min(1, { error: 'The page size must be at least 1' })
        .max(max, { error: `The page size must be at most ${max}` })
        .optional(),
    )
    .transform((v) => v ?? fallback);

/** Where to return after a form succeeds: only a same-site path, never another origin. */
export const returnUrl = z
  .string()
  .optional()
  .transform((v) => (v && isSafeReturnPath(v) ? v : undefined));
