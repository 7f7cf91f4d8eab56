/**
 * Uploaded images (organisation logo, background, hero, tab icon; application logos): checked by
 * content and size, stored in the database so every process can serve them, and served so that a
 * browser can only ever treat them as images.
 */
import { randomUUID } from 'node:crypto';

import { type UploadKind, uploadMessages, UPLOADS } from '@gatehouse/common/policy';

import type { AppContext } from '../context.ts';
import type { AssetRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { fieldError } from '../http/errors.ts';
import type { UploadedFile } from '../http/form.ts';
import { identifyImage } from '../uploads/images.ts';
import { deleteAsset, findAsset, insertAsset } from './store.ts';

/** Why an upload is refused, as a sentence for the field; null when it is acceptable. */
export function uploadProblem(kind: UploadKind, file: UploadedFile): string | null {
  const rules = UPLOADS[kind];
  if (file.data.length > rules.maxBytes) return uploadMessages(kind).tooLarge;
  if (!identifyImage(file.data, kind)) return uploadMessages(kind).wrongType;
  return null;
}

/** Checks and stores an upload; a refusal is a validation error on `field`. Returns the new asset id. */
export async function storeUpload(
  ctx: AppContext,
  organisationId: string,
  kind: UploadKind,
  field: string,
  file: UploadedFile,
): Promise<string> {
  const problem = uploadProblem(kind, file);
  if (problem) throw fieldError(field, problem);
  const info = identifyImage(file.data, kind)!;
  const id = randomUUID();
  await insertAsset(scoped(ctx.db.kysely, organisationId), {
    id,
    kind,
    content_type: info.type,
    data: file.data,
    size: file.data.length,
    created_at: ctx.clock.now(),
  });
  return id;
}

export function loadAsset(ctx: AppContext, organisationId: string, id: string): Promise<AssetRow | undefined> {
  return findAsset(scoped(ctx.db.kysely, organisationId), id);
}

export function removeAsset(ctx: AppContext, organisationId: string, id: string): Promise<void> {
  return deleteAsset(scoped(ctx.db.kysely, organisationId), id);
}
