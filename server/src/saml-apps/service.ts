/**
 * SAML applications' management: created from the service provider's metadata and settings by hand,
 * saved, listed and deleted by Organisation Admins (or a management token with applications:write).
 * Each is a `clients` row of type 'saml' (its access list, policy and tile as for OpenID applications)
 * with its SP settings in `saml_applications`.
 */
import { randomBytes } from 'node:crypto';

import { MESSAGES } from '@gatehouse/common/messages';
import { presetSettings, SAML_APP_PRESETS } from '@gatehouse/common/saml-app-presets';
import { SAML_APP_LIMITS, SAML_APP_MESSAGES, type SamlAttributeSource } from '@gatehouse/common/saml-apps';
import {
  type AssertionConsumerService,
  type CreateSamlApplication,
  type SamlApplication,
  type SamlSettings,
  samlSettings,
} from '@gatehouse/common/schemas/saml-apps';

import { isoOrNull } from '../accounts/model.ts';
import { newClientRow } from '../applications/model.ts';
import { hashClientSecret, newClientSecret } from '../applications/secrets.ts';
import { deleteClient, updateClient } from '../applications/store.ts';
import { removeAsset, storeUpload } from '../assets/service.ts';
import { changedFields } from '../audit/changes.ts';
import { fetchSamlMetadata } from '../connections/saml.ts';
import type { AppContext } from '../context.ts';
import type { SamlApplicationRow } from '../db/schema.ts';
import { SAML_CLIENT_TYPE } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError, validationErrorsFrom } from '../http/errors.ts';
import type { UploadedFile } from '../http/form.ts';
import type { Scope } from '../scope/scope.ts';
import { idpSigning, toPem } from './certificates.ts';
import { certificateB64, idpAddresses, readSpMetadata } from './metadata.ts';
import { findSamlApp, findSamlAppByEntityId, insertSamlApp, listSamlApps, type SamlAppRows, updateSamlApp } from './store.ts';

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', { errors: { [field]: { message } }, message });

export const acsListOf = (saml: Pick<SamlApplicationRow, 'acs'>) => JSON.parse(saml.acs) as AssertionConsumerService[];
export const attributesOf = (saml: Pick<SamlApplicationRow, 'attributes'>) =>
  JSON.parse(saml.attributes) as Partial<Record<SamlAttributeSource, string>>;

type IdentityProvider = SamlApplication['identityProvider'];

/** What the service provider is given: the organisation's IdP addresses and the certificate it signs with now. */
async function identityProviderOf(ctx: AppContext, scope: Scope): Promise<IdentityProvider> {
  const { organisation } = scope;
  const signing = await idpSigning(ctx, organisation.id, organisation.hostname);
  return { ...idpAddresses(ctx, organisation.hostname), certificate: toPem('CERTIFICATE', signing.certificate) };
}

function toSamlApplication(identityProvider: IdentityProvider, { client, saml }: SamlAppRows): SamlApplication {
  return {
    id: client.id,
    name: client.name,
    entityID: saml.entity_id,
    assertionConsumerServices: acsListOf(saml),
    singleLogoutURL: saml.slo_url,
    signingCertificate: saml.signing_certificate,
    encryptionCertificate: saml.encryption_certificate,
    requireSignedRequests: saml.require_signed_requests,
    signing: saml.signing,
    encryptAssertions: saml.encrypt_assertions,
    nameIDFormat: saml.name_id_format,
    attributes: attributesOf(saml),
    landingURL: client.landing_url,
    policyURL: client.policy_url,
    allowsUnverifiedAccess: client.allows_unverified_access,
    logoID: client.logo_id,
    identityProvider,
    createdAt: isoOrNull(client.created_at)!,
    updatedAt: isoOrNull(client.updated_at)!,
  };
}

/** The settings' columns; certificates are stored as base64 DER, refused with their field's message when they are none. */
function columnsOf(settings: SamlSettings) {
  const cert = (field: 'signingCertificate' | 'encryptionCertificate') => {
    const value = settings[field];
    if (!value) return null;
    const b64 = certificateB64(value);
    if (!b64) throw invalid(field, SAML_APP_MESSAGES.certificate);
    return b64;
  };
  const acs = [...new Map(settings.assertionConsumerServices.map((a) => [a.index, a])).values()];
  return {
    client: {
      name: settings.name,
      landing_url: settings.landingURL ?? null,
      policy_url: settings.policyURL ?? null,
      allows_unverified_access: settings.allowsUnverifiedAccess,
    },
    saml: {
      entity_id: settings.entityID,
      acs: JSON.stringify(acs),
      slo_url: settings.singleLogoutURL ?? null,
      signing_certificate: cert('signingCertificate'),
      encryption_certificate: cert('encryptionCertificate'),
      require_signed_requests: settings.requireSignedRequests,
      signing: settings.signing,
      encrypt_assertions: settings.encryptAssertions,
      name_id_format: settings.nameIDFormat,
      attributes: JSON.stringify(settings.attributes),
    },
  };
}

async function assertEntityIdFree(scope: Scope, entityId: string, ownId?: string) {
  const other = await findSamlAppByEntityId(scope.db, entityId);
  if (other && other.client.id !== ownId)
    throw new AppError('CONFLICT', { errors: { entityID: { message: SAML_APP_MESSAGES.entityIdTaken } } });
}

async function requireSamlApp(scope: Scope, id: string): Promise<SamlAppRows> {
  const found = await findSamlApp(scope.db, id);
  if (!found) throw new AppError('CLIENT_NOT_FOUND');
  return found;
}

export async function listSamlApplications(ctx: AppContext, scope: Scope): Promise<SamlApplication[]> {
  const rows = await listSamlApps(scope.db);
  if (rows.length === 0) return [];
  const identityProvider = await identityProviderOf(ctx, scope);
  return rows.map((row) => toSamlApplication(identityProvider, row));
}

export async function getSamlApplication(ctx: AppContext, scope: Scope, id: string): Promise<SamlApplication> {
  const rows = await requireSamlApp(scope, id);
  return toSamlApplication(await identityProviderOf(ctx, scope), rows);
}

/** The SP's metadata as given (its address, fetched, or the XML), read into settings; refused with the field's message. */
async function metadataSettings(ctx: AppContext, input: CreateSamlApplication) {
  if (!input.metadataURL && !input.metadataXML) return {};
  if (input.metadataURL && input.metadataXML) throw invalid('metadataXML', SAML_APP_MESSAGES.metadataOneOf);
  let xml = input.metadataXML ?? '';
  if (input.metadataURL) {
    try {
      xml = await fetchSamlMetadata(ctx, input.metadataURL);
    } catch {
      throw invalid('metadataURL', SAML_APP_MESSAGES.metadataUnreadable);
    }
  }
  const read = xml.length <= SAML_APP_LIMITS.metadataMax ? readSpMetadata(xml) : null;
  if (!read) throw invalid(input.metadataURL ? 'metadataURL' : 'metadataXML', SAML_APP_MESSAGES.metadataUnreadable);
  return read;
}

export async function createSamlApplication(ctx: AppContext, scope: Scope, input: CreateSamlApplication): Promise<SamlApplication> {
  const preset = input.preset;
  const parsed = samlSettings.safeParse({
    ...(preset ? { entityID: SAML_APP_PRESETS[preset].entityID } : {}),
    ...(await metadataSettings(ctx, input)),
    ...(preset ? presetSettings(preset) : {}),
    ...input.settings,
    name: input.name,
  });
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { errors: validationErrorsFrom(parsed.error) });
  const columns = columnsOf(parsed.data);
  await assertEntityIdFree(scope, columns.saml.entity_id);
  const now = ctx.clock.now();
  const id = randomBytes(16).toString('base64url');
  const client = newClientRow(now, {
    id,
    ...columns.client,
    client_type: SAML_CLIENT_TYPE,
    // Never shown and never used: a SAML application has no token endpoint to authenticate at.
    secret_hash: hashClientSecret(newClientSecret()),
    redirect_uris: '[]',
  });

  await scope.transaction(async (tx) => {
    await insertSamlApp(tx.db, client, { client_id: id, ...columns.saml });
    await emit(ctx, tx.db, tx, { type: 'application.created', subject: { kind: 'application', id }, details: { name: client.name } });
  });
  return getSamlApplication(ctx, scope, id);
}

export async function updateSamlApplication(ctx: AppContext, scope: Scope, id: string, settings: SamlSettings): Promise<SamlApplication> {
  const existing = await requireSamlApp(scope, id);
  const columns = columnsOf(settings);
  await assertEntityIdFree(scope, columns.saml.entity_id, id);
  await scope.transaction(async (tx) => {
    await updateSamlApp(tx.db, id, { ...columns.client, updated_at: ctx.clock.now() }, columns.saml);
    const details = { ...changedFields(existing.client, columns.client), ...changedFields(existing.saml, columns.saml) };
    if (Object.keys(details).length > 0)
      await emit(ctx, tx.db, tx, { type: 'application.updated', subject: { kind: 'application', id }, details });
  });
  return getSamlApplication(ctx, scope, id);
}

/**
 * Sets the application's logo (`logo`, checked as an OpenID application's is) or, given none by
 * `remove`, removes it; the image it replaces is deleted once the change is committed.
 */
export async function setSamlApplicationLogo(
  ctx: AppContext,
  scope: Scope,
  id: string,
  change: { logo: UploadedFile } | { remove: true },
): Promise<SamlApplication> {
  const existing = await requireSamlApp(scope, id);
  const organisationId = scope.organisation.id;
  const logoId = 'logo' in change ? await storeUpload(ctx, organisationId, 'clientlogo', 'logo', change.logo) : null;
  await scope.transaction(async (tx) => {
    await updateClient(tx.db, id, { logo_id: logoId, updated_at: ctx.clock.now() });
    const details = changedFields(existing.client, { logo_id: logoId });
    if (Object.keys(details).length > 0)
      await emit(ctx, tx.db, tx, { type: 'application.updated', subject: { kind: 'application', id }, details });
  });
  if (existing.client.logo_id && existing.client.logo_id !== logoId) await removeAsset(ctx, organisationId, existing.client.logo_id);
  return getSamlApplication(ctx, scope, id);
}

/** A logo upload's file, refused at its field when there is none. */
export function requiredLogo(file: UploadedFile | undefined): { logo: UploadedFile } {
  if (!file) throw fieldError('logo', MESSAGES.required);
  return { logo: file };
}

/** Deletes a SAML application with its settings, access lists and sign-ins in progress (the rows cascade), and its logo. */
export async function deleteSamlApplication(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const existing = await requireSamlApp(scope, id);
  await scope.transaction(async (tx) => {
    await deleteClient(tx.db, id);
    await emit(ctx, tx.db, tx, {
      type: 'application.deleted',
      subject: { kind: 'application', id },
      details: { name: existing.client.name },
    });
  });
  if (existing.client.logo_id) await removeAsset(ctx, scope.organisation.id, existing.client.logo_id);
}
