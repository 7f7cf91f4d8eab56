/**
 * Organisation settings (/organisation): the admin's view, the save with its images, the preview of
 * unsaved settings and the strength score. Every setting is parsed with the shared schema.
 */
import type { ValidationErrors } from '@gatehouse/common/errors';
import { ORGANISATION_IMAGES, type OrganisationImageKind } from '@gatehouse/common/organisation-images';
import type {
  OrganisationAdminView,
  OrganisationPreview,
  OrganisationSettingsRequest,
} from '@gatehouse/common/schemas/organisation-settings';

import { loadAsset, removeAsset, storeUpload, uploadProblem } from '../assets/service.ts';
import { changedFields } from '../audit/changes.ts';
import type { AppContext } from '../context.ts';
import type { AssetRow, OrganisationRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { ReadForm, UploadedFile } from '../http/form.ts';
import { dropDisallowedMethods } from '../mfa/enrolment.ts';
import type { Scope } from '../scope/scope.ts';
import { toOrganisation } from '../tenancy/organisation.ts';
import type { OrganisationResolver } from '../tenancy/resolver.ts';
import { findOrganisationById } from '../tenancy/store.ts';
import { whitelistRe2Problem } from './email-whitelist.ts';
import { IMAGE_COLUMNS, type ImageColumns, settingsColumns, toAdminView, toPublicOrganisation } from './model.ts';
import { findOrganisationForUpdate, updateOrganisation } from './store.ts';
import { settingsScore } from './strength.ts';
import { themeProperties } from './style.ts';

const IMAGE_KINDS = Object.keys(ORGANISATION_IMAGES) as OrganisationImageKind[];

/** The organisation as its admin sees it, read afresh (not from the resolver's short cache). */
export async function organisationAdminView(ctx: AppContext, scope: Scope): Promise<OrganisationAdminView> {
  const row = await findOrganisationById(ctx.db.kysely, scope.organisation.id);
  if (!row) throw new AppError('ORGANISATION_NOT_FOUND');
  return toAdminView(ctx.config, toOrganisation(ctx.config, row));
}

/** The score of the saved settings. */
export async function savedSettingsScore(ctx: AppContext, scope: Scope): Promise<number> {
  return (await organisationAdminView(ctx, scope)).settingsScore;
}

/** What the shared schema cannot check: the email allow-list must be a pattern the server's RE2 engine runs. */
function checkSettings(input: OrganisationSettingsRequest): void {
  const problem = whitelistRe2Problem(input.userEmailWhitelist);
  if (problem) throw fieldError('userEmailWhitelist', problem);
}

/** How the organisation would look and score with these settings; nothing is saved and images are nulled. */
export function previewOrganisationSettings(ctx: AppContext, scope: Scope, input: OrganisationSettingsRequest): OrganisationPreview {
  checkSettings(input);
  const row: OrganisationRow = {
    ...scope.organisation.row,
    ...settingsColumns(input),
    logo_id: null,
    background_image_id: null,
    hero_image_id: null,
    favicon_id: null,
  };
  return {
    organisation: toPublicOrganisation(ctx.config, toOrganisation(ctx.config, row)),
    style: themeProperties(row),
    settingsScore: settingsScore(input),
  };
}

/** The uploads of this form by image kind; every one is checked before anything is stored. */
function checkedUploads(files: ReadForm['files']): Partial<Record<OrganisationImageKind, UploadedFile>> {
  const uploads: Partial<Record<OrganisationImageKind, UploadedFile>> = {};
  const errors: ValidationErrors = {};
  for (const kind of IMAGE_KINDS) {
    const field = ORGANISATION_IMAGES[kind].field;
    const file = files[field];
    if (!file) continue;
    const problem = uploadProblem(kind, file);
    if (problem) errors[field] = { message: problem };
    else uploads[kind] = file;
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION_FAILED', { errors, message: first.message });
  return uploads;
}

/**
 * Saves every setting and image of the settings page in one step: checks all input first, stores new
 * images, updates the row in a transaction that holds it, then removes the images replaced or
 * deleted, and makes this process serve the change at once (others within the resolver's 2 s).
 * Side effects of a change of policy belong here too, after the update.
 */
export async function saveOrganisationSettings(
  ctx: AppContext,
  scope: Scope,
  resolver: OrganisationResolver,
  input: OrganisationSettingsRequest,
  files: ReadForm['files'],
): Promise<OrganisationAdminView> {
  const org = scope.organisation;
  checkSettings(input);
  const uploads = checkedUploads(files);

  const stored: Partial<Record<OrganisationImageKind, string>> = {};
  let previous: OrganisationRow;
  let next: OrganisationRow;
  try {
    for (const kind of IMAGE_KINDS) {
      const file = uploads[kind];
      if (file) stored[kind] = await storeUpload(ctx, org.id, kind, ORGANISATION_IMAGES[kind].field, file);
    }
    [previous, next] = await ctx.db.kysely.transaction().execute(async (trx) => {
      const current = await findOrganisationForUpdate(trx, ctx.db.dialect, org.id);
      if (!current) throw new AppError('ORGANISATION_NOT_FOUND');
      const changes = {
        ...settingsColumns(input),
        ...imageColumns(current, input, stored),
        // Strictly later, so the stylesheet's ETag changes even within one clock tick.
        updated_at: Math.max(ctx.clock.now(), current.updated_at + 1),
      };
      await updateOrganisation(trx, org.id, changes);
      const updated = { ...current, ...changes };
      const { updated_at: _, ...edited } = changes;
      const details = changedFields(current, edited);
      if (Object.keys(details).length > 0)
        await emit(ctx, trx, scope, {
          type: 'organisation.settings_changed',
          subject: { kind: 'organisation', id: org.id },
          details,
        });
      // Users whose MFA method the organisation no longer allows lose it (the page warns of this).
      await dropDisallowedMethods(ctx, scoped(trx, org.id), updated);
      return [current, updated];
    });
  } catch (error) {
    for (const id of Object.values(stored)) await removeAsset(ctx, org.id, id);
    throw error;
  }

  for (const kind of IMAGE_KINDS) {
    const before = previous[IMAGE_COLUMNS[kind]];
    if (before && before !== next[IMAGE_COLUMNS[kind]]) await removeAsset(ctx, org.id, before);
  }
  resolver.invalidate(org);
  return toAdminView(ctx.config, toOrganisation(ctx.config, next));
}

/** Each image column: a new upload wins, then a delete flag, else it stays. */
function imageColumns(
  current: OrganisationRow,
  input: OrganisationSettingsRequest,
  stored: Partial<Record<OrganisationImageKind, string>>,
): ImageColumns {
  const column = (kind: OrganisationImageKind) =>
    stored[kind] ?? (input[ORGANISATION_IMAGES[kind].deleteFlag] ? null : current[IMAGE_COLUMNS[kind]]);
  return {
    logo_id: column('logo'),
    background_image_id: column('background'),
    hero_image_id: column('hero'),
    favicon_id: column('favicon'),
  };
}

/** An organisation image: by id when given (this organisation's, of this kind), else the current one's id to redirect to. */
export async function findOrganisationImage(
  ctx: AppContext,
  scope: Scope,
  kind: OrganisationImageKind,
  id: string | undefined,
): Promise<{ asset: AssetRow } | { currentId: string }> {
  const org = scope.organisation;
  if (id === undefined) {
    const currentId = org.row[IMAGE_COLUMNS[kind]];
    if (!currentId) throw new AppError('NOT_FOUND');
    return { currentId };
  }
  const asset = await loadAsset(ctx, org.id, id);
  if (!asset || asset.kind !== kind) throw new AppError('NOT_FOUND');
  return { asset };
}
