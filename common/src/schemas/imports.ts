/**
 * Importing people (moving in from Keycloak, Auth0 or a spreadsheet): the row every source is read into,
 * the request that starts a job and the job's status and report. The server checks every row with
 * `importRow`; the "Import people" screen uses the same names for its column mapping.
 */
import { z } from 'zod';

import { phoneNumber } from './account.ts';
import { email, formBoolean, optionalString } from './fields.ts';

/** Where the people come from: a spreadsheet (CSV), JSON Lines, a Keycloak realm export, an Auth0 bulk export. */
export const IMPORT_FORMATS = ['csv', 'jsonl', 'keycloak', 'auth0'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The fields of a person an import carries; a CSV's columns are mapped onto them. */
export const IMPORT_FIELDS = [
  'email',
  'externalId',
  'firstName',
  'surname',
  'phoneNumber',
  'emailVerified',
  'status',
  'createdAt',
  'lastSignInAt',
  'passwordHash',
  'totpSecret',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_LIMITS = {
  /** The largest file an import takes (about 200,000 people with bcrypt hashes). */
  fileBytes: 64 * 1024 * 1024,
  /** The longest row; a longer one is refused on its own. */
  rowChars: 16_384,
  /** Refused rows a job's status lists (all of them are in the CSV download). */
  refusedListed: 200,
} as const;

export const IMPORT_MESSAGES = {
  plainPassword: 'Plain-text passwords are refused: give the password hash the other system stored.',
  duplicateEmail: (row: number) => `The same email is on row ${row} of this file.`,
  duplicateExternalId: (row: number) => `The same external id is on row ${row} of this file.`,
  notUtf8: 'The row is not valid UTF-8 (the file may be in another encoding: save it as UTF-8).',
  fileEncoding: 'The file is in UTF-16: save it as UTF-8.',
  tooLong: 'The row is too long.',
  malformed: (detail: string) => `The row could not be read: ${detail}.`,
  matchesOther: 'Its email and its external id belong to two different people.',
  notSaved: 'The row could not be saved.',
  fileTooLarge: `The file is larger than ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB.`,
  noEmailColumn: 'No column is mapped to the email.',
  invalidTotp: 'The authenticator key is not base 32.',
  userLimit: (room: number, adding: number) =>
    `The organisation has room for ${room} more people and the file would add ${adding}: nothing was imported.`,
} as const;

const date = z
  .union([z.number(), z.string().trim()])
  .optional()
  .transform((v, c) => {
    if (v === undefined || v === '') return undefined;
    // Epoch milliseconds (Keycloak's createdTimestamp) or an ISO 8601 date (Auth0, spreadsheets).
    const time = typeof v === 'number' || /^\d{10,13}$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(time) || time < 0) {
      c.addIssue({ code: 'custom', message: 'Not a date.' });
      return z.NEVER;
    }
    return time;
  });

const boolish = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? v : v === true ? 'true' : 'false'),
  formBoolean.optional(),
);

/** One person as an import brings them, whatever the source. */
export const importRow = z.object({
  email,
  externalId: optionalString(200),
  firstName: optionalString(100),
  surname: optionalString(100),
  phoneNumber,
  emailVerified: boolish,
  /** Disabled people come in disabled; anyone else may sign in. */
  status: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(['active', 'disabled']).optional(),
  ),
  createdAt: date,
  lastSignInAt: date,
  /** Checked against the formats Gatehouse can verify (server/src/passwords/foreign.ts). */
  passwordHash: optionalString(2000),
  totpSecret: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s=]/g, '').toUpperCase())
    .refine((v) => v === '' || (/^[A-Z2-7]+$/.test(v) && v.length >= 16 && v.length <= 128), { error: IMPORT_MESSAGES.invalidTotp })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type ImportRow = z.infer<typeof importRow>;

/** Which column of a CSV holds which field: `{"email": "E-mail address", ...}`; unmapped fields fall back to their own name. */
export const importMapping = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().trim().min(1).max(200)).default({});

export const startImportRequest = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** Checks every row and reports what it would do, changing nothing. */
  dryRun: formBoolean.default(false),
  /** A JSON object (a form field) or an object (JSON body). */
  mapping: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, importMapping),
});

export const importRefusal = z.object({ row: z.number().int(), email: z.string().nullable(), reason: z.string() });

export const importJob = z.object({
  id: z.string(),
  format: z.enum(IMPORT_FORMATS),
  dryRun: z.boolean(),
  status: z.enum(['queued', 'running', 'finished', 'failed']),
  /** Rows read so far, and of those: created, updated (matched by email or external id), refused. */
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  refusedCount: z.number().int(),
  /** The first refused rows, with why (all of them: the refused-rows download). */
  refused: z.array(importRefusal),
  /** What a Keycloak or Auth0 export held that Gatehouse could not carry, counted by kind. */
  notCarried: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importJobParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The fields a people export carries: the import's, without the secrets (password hashes and
 * authenticator keys leave only through the operator's CLI). Its CSV header and its JSON Lines keys are
 * the fields' own names, so the import takes the file back with no mapping.
 */
export const EXPORT_FIELDS = IMPORT_FIELDS.filter((field) => field !== 'passwordHash' && field !== 'totpSecret');
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export const peopleExportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });
