/**
 * The figures of "the domain speaks in outcomes", read from the source: files outside the surfaces
 * (surfaces.js) that import Fastify, and the places that finish a sign-in (record it on the user or emit
 * `user.signed_in`), which should be one: accounts/session.ts `finishSignIn`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { NOT_SERVER_CODE, SURFACES } from './surfaces.js';

const FASTIFY_IMPORT = /\bfrom\s+'(?:fastify|@fastify\/[^']+)'|\bimport\s*\(\s*'(?:fastify|@fastify\/[^']+)'\s*\)/;
const FINISHES_SIGN_IN = /\brecordSignIn\s*\(|type:\s*'user\.signed_in'/;

const matches = (file: string, globs: readonly string[]) => globs.some((glob) => path.matchesGlob(file, glob));

/** Whether a file of server/src (relative path) is a surface, or not the server's running code at all. */
export function isSurface(file: string): boolean {
  return matches(file, SURFACES);
}

export interface Figures {
  /** Files outside the surfaces that import Fastify (0). */
  fastifyOutsideSurfaces: string[];
  /** Files that record a sign-in or emit `user.signed_in`, the store's definition aside (1). */
  finishSignIn: string[];
}

/** The figures over `files` (paths relative to server/src) whose text `read` gives. */
export function figures(files: readonly string[], read: (file: string) => string): Figures {
  const result: Figures = { fastifyOutsideSurfaces: [], finishSignIn: [] };
  for (const file of files) {
    if (!file.endsWith('.ts') || matches(file, NOT_SERVER_CODE)) continue;
    const text = read(file);
    if (!isSurface(file) && FASTIFY_IMPORT.test(text)) result.fastifyOutsideSurfaces.push(file);
    // The store defines the statement (`recordSignIn(db, …)`); its callers are the places.
    const calls = file === 'accounts/store.ts' ? text.replace(/export async function recordSignIn\s*\(/, '') : text;
    if (FINISHES_SIGN_IN.test(calls)) result.finishSignIn.push(file);
  }
  return result;
}

export const readFrom = (root: string) => (file: string) => readFileSync(path.join(root, file), 'utf8');
