/**
 * Managing SAML connections (Organisation Admins): the IdP's metadata is read when the connection is
 * saved (from its address through the outbound guard, or as pasted) and kept with the row; the audit
 * events are those of every connection. Listing and deleting are service.ts's, for both kinds.
 */
import { randomUUID } from 'node:crypto';

import { CONNECTION_MESSAGES, SAML_MESSAGES } from '@gatehouse/common/connection-messages';
import { CONNECTION_LIMITS } from '@gatehouse/common/policy';
import { SAML_DEFAULT_ATTRIBUTES, SAML_LIMITS } from '@gatehouse/common/saml-connections';
import type { Connection } from '@gatehouse/common/schemas/connections';
import type { SamlConnectionRequest } from '@gatehouse/common/schemas/saml-connections';

import type { AppContext } from '../context.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { fetchSamlMetadata, type IdpMetadata, readIdpMetadata } from './saml.ts';
import { findSamlConnection, saveSamlConnection } from './saml-store.ts';
import { assertAdminKeepsPassword, getSignInConnection, sharedColumns } from './service.ts';
import { countConnections, findConnection, insertConnection, updateConnection } from './store.ts';

const invalid = (field: 'metadataUrl' | 'metadataXml', message: string) =>
  new AppError('VALIDATION_FAILED', { errors: { [field]: { message } }, message });

/** The IdP's metadata as given: fetched from its address, or pasted; refused with a field's message. */
async function metadataOf(ctx: AppContext, input: SamlConnectionRequest, stored?: string): Promise<{ xml: string; idp: IdpMetadata }> {
  if (!input.metadataUrl && !input.metadataXml && stored === undefined) throw invalid('metadataUrl', SAML_MESSAGES.metadataMissing);
  let xml = input.metadataXml ?? stored ?? '';
  if (input.metadataUrl) {
    try {
      xml = await fetchSamlMetadata(ctx, input.metadataUrl);
    } catch {
      throw invalid('metadataUrl', SAML_MESSAGES.metadataUnreachable);
    }
  }
  const idp = xml.length <= SAML_LIMITS.metadataMax ? readIdpMetadata(xml) : null;
  if (!idp) throw invalid(input.metadataUrl ? 'metadataUrl' : 'metadataXml', SAML_MESSAGES.metadataInvalid);
  return { xml, idp };
}

function columnsOf(input: SamlConnectionRequest, idp: IdpMetadata) {
  const defaults = SAML_DEFAULT_ATTRIBUTES[input.preset];
  return {
    kind: 'saml' as const,
    issuer: idp.entityId,
    ...sharedColumns(input, {
      email: input.attributeEmail ?? defaults.email,
      firstName: input.attributeFirstName ?? defaults.firstName,
      surname: input.attributeSurname ?? defaults.surname,
      groups: input.attributeGroups ?? defaults.groups,
    }),
    // SAML authenticates no client at a token endpoint: these OpenID Connect columns stay empty.
    upstream_client_id: '',
    client_secret_sealed: null,
    scopes: '',
    client_auth: 'client_secret_basic' as const,
    private_key_sealed: null,
    public_jwk: null,
  };
}

function samlRow(id: string, metadataUrl: string | null, xml: string, idp: IdpMetadata, now: number) {
  return {
    connection_id: id,
    metadata_url: metadataUrl,
    metadata_xml: xml,
    sso_url: idp.ssoUrl,
    idp_certificates: JSON.stringify(idp.certificates),
    metadata_read_at: now,
  };
}

function auditDetails(input: SamlConnectionRequest, idp: IdpMetadata) {
  return {
    kind: 'saml',
    name: input.name,
    idpEntityId: idp.entityId,
    ...(input.metadataUrl ? { metadataUrl: input.metadataUrl } : {}),
    emailDomains: input.emailDomains,
    jitEnabled: input.jitEnabled,
    jitDomains: input.jitDomains,
    linkExisting: input.linkExisting,
    trustMfa: input.trustMfa,
    enabled: input.enabled,
  };
}

export async function createSamlConnection(ctx: AppContext, scope: Scope, input: SamlConnectionRequest): Promise<Connection> {
  const { xml, idp } = await metadataOf(ctx, input);
  const id = randomUUID();
  const now = ctx.clock.now();
  await scope.transaction(async (inner) => {
    if ((await countConnections(inner.db)) >= CONNECTION_LIMITS.perOrganisation)
      throw new AppError('CONFLICT', { message: CONNECTION_MESSAGES.tooMany });
    await insertConnection(inner.db, { id, ...columnsOf(input, idp), created_at: now, updated_at: now });
    await saveSamlConnection(inner.db, samlRow(id, input.metadataUrl ?? null, xml, idp, now));
    await assertAdminKeepsPassword(inner.db, input);
    await emit(ctx, inner.db, inner, {
      type: 'connection.created',
      subject: { kind: 'connection', id },
      details: auditDetails(input, idp),
    });
  });
  return getSignInConnection(ctx, scope, id);
}

export async function updateSamlConnection(ctx: AppContext, scope: Scope, id: string, input: SamlConnectionRequest): Promise<Connection> {
  const current = await findConnection(scope.db, id);
  const saml = current?.kind === 'saml' ? await findSamlConnection(scope.db, id) : undefined;
  if (!saml) throw new AppError('NOT_FOUND');
  const { xml, idp } = await metadataOf(ctx, input, saml.metadata_xml);
  const now = ctx.clock.now();
  await scope.transaction(async (inner) => {
    if (!(await updateConnection(inner.db, id, { ...columnsOf(input, idp), updated_at: now }))) throw new AppError('NOT_FOUND');
    await assertAdminKeepsPassword(inner.db, input);
    const metadataUrl = input.metadataUrl ?? (input.metadataXml ? null : saml.metadata_url);
    await saveSamlConnection(inner.db, samlRow(id, metadataUrl, xml, idp, now));
    await emit(ctx, inner.db, inner, {
      type: 'connection.updated',
      subject: { kind: 'connection', id },
      details: auditDetails(input, idp),
    });
  });
  return getSignInConnection(ctx, scope, id);
}
