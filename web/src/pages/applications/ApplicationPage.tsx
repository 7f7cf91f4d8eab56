import { ACR_MFA, ACR_PHISHING_RESISTANT } from '@gatehouse/common/acr';
import { applicationsApi } from '@gatehouse/common/api/applications';
import {
  APPLICATION_MESSAGES as M,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  ID_TOKEN_SIGNING_ALGS,
  TOKEN_ENDPOINT_AUTH_METHOD_LABELS,
  TOKEN_ENDPOINT_AUTH_METHODS,
  TOKEN_LIFETIMES,
  type TokenLifetime,
} from '@gatehouse/common/applications';
import { formatDateTime } from '@gatehouse/common/format';
import { GROUP_MESSAGES } from '@gatehouse/common/groups';
import { MESSAGES } from '@gatehouse/common/messages';
import { QUICK_START_MESSAGES } from '@gatehouse/common/quick-start';
import { ROLE_MESSAGES } from '@gatehouse/common/roles';
import { matchRoute, ROUTES } from '@gatehouse/common/routes';
import {
  type Application,
  type UpdateApplication,
  type UpdateApplicationInput,
  updateApplicationRequest,
} from '@gatehouse/common/schemas/applications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';

import { applicationKeys, useApplication } from '../../api/application-queries.ts';
import { call, isApiError } from '../../api/client.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Form } from '../../components/Form.tsx';
import { ImageField } from '../../components/ImageField.tsx';
import { Loader } from '../../components/Loader.tsx';
import { SectionNav } from '../../components/SectionNav.tsx';
import { Select } from '../../components/Select.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { TextField } from '../../components/TextField.tsx';
import { UriListField } from '../../components/UriListField.tsx';
import { clientLogoSrc } from '../../features/applications/ApplicationLogo.tsx';
import { DeleteApplicationCard } from '../../features/applications/DeleteApplicationCard.tsx';
import { OidcSettingsPanel } from '../../features/applications/OidcSettingsPanel.tsx';
import { QuickStartCard } from '../../features/applications/QuickStartCard.tsx';
import { SecretNotice } from '../../features/applications/SecretNotice.tsx';
import { useBackToApplicationsOnError } from '../../features/applications/use-back-on-error.ts';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';

const FIELDS = [
  'name',
  'clientType',
  'landingURL',
  'policyURL',
  'redirectURIs',
  'postLogoutRedirectURIs',
  'idTokenSignedResponseAlg',
  'tokenEndpointAuthMethod',
  'jwks',
  'jwksURI',
  'accessTokenLifetime',
  'idTokenLifetime',
  'refreshTokenLifetime',
  'backchannelLogoutURI',
] as const;

const LIFETIME_FIELDS = [
  ['accessTokenLifetime', 'accessToken', M.accessTokenLifetime],
  ['idTokenLifetime', 'idToken', M.idTokenLifetime],
  ['refreshTokenLifetime', 'refreshToken', M.refreshTokenLifetime],
] as const satisfies readonly (readonly [string, TokenLifetime, string])[];

/** The page's sections, in the order the in-page navigation lists them. */
const SECTIONS = {
  settings: { id: 'application-settings', label: 'Settings' },
  signIn: { id: 'application-sign-in', label: 'Sign-in' },
  tokens: { id: 'application-tokens', label: 'Tokens' },
  connect: { id: 'application-connect', label: 'Endpoints' },
  quickStart: { id: 'application-quick-start', label: QUICK_START_MESSAGES.title },
  secret: { id: 'application-secret', label: M.clientSecret },
  scim: { id: 'application-scim', label: 'SCIM' },
  danger: { id: 'application-danger-zone', label: 'Danger zone' },
} as const;
const SECTIONS_LABEL = 'Application sections';

/** Applications people sign in to with the authorization code flow (as saved): they get the quick start. */
const signsInWithCode = (app: Application) => app.clientType === 'confidential' || app.clientType === 'public';

const formValues = (app: Application): UpdateApplicationInput => ({
  name: app.name,
  clientType: app.clientType,
  landingURL: app.landingURL ?? '',
  policyURL: app.policyURL ?? '',
  canInvite: app.canInvite,
  scimEnabled: app.scimEnabled,
  allowsUnverifiedAccess: app.allowsUnverifiedAccess,
  redirectURIs: app.redirectURIs,
  postLogoutRedirectURIs: app.postLogoutRedirectURIs,
  idTokenSignedResponseAlg: app.idTokenSignedResponseAlg,
  tokenEndpointAuthMethod: app.tokenEndpointAuthMethod,
  jwks: app.jwks ?? '',
  jwksURI: app.jwksURI ?? '',
  accessTokenLifetime: app.accessTokenLifetime,
  idTokenLifetime: app.idTokenLifetime,
  refreshTokenLifetime: app.refreshTokenLifetime,
  refreshWithoutConsent: app.refreshWithoutConsent,
  backchannelLogoutURI: app.backchannelLogoutURI ?? '',
  groupsClaim: app.groupsClaim,
  groupsAlways: app.groupsAlways,
  rolesClaim: app.rolesClaim,
  rolesAlways: app.rolesAlways,
  requirePushedAuthorizationRequests: app.requirePushedAuthorizationRequests,
  minimumAcr: app.minimumAcr ?? '',
  deleteLogo: false,
});

/**
 * /applications/{id}: every setting of an application in sections (settings, sign-in, tokens: one form
 * with one Save), beside its OpenID Connect endpoints, its secret, SCIM and the danger zone, with an
 * in-page navigation to each section.
 */
export function ApplicationPage() {
  usePageTitle(ROUTES.application.title);
  const id = matchRoute(useLocation().pathname)?.params.id ?? '';
  const application = useApplication(id);
  const queryClient = useQueryClient();
  useBackToApplicationsOnError(application);

  if (!application.data) return <Loader />;
  return (
    <>
      <h1>{application.data.name}</h1>
      {/* Keyed by id: another application starts a fresh form. */}
      <ApplicationForm key={application.data.id} app={application.data}>
        <OidcSettingsPanel app={application.data} id={SECTIONS.connect.id} />
        <SecretCard app={application.data} />
        {application.data.scimEnabled && <ScimCard app={application.data} />}
        <DeleteApplicationCard
          title={SECTIONS.danger.label}
          id={SECTIONS.danger.id}
          remove={() => call(applicationsApi.delete, { params: { id } })}
          forget={() => {
            queryClient.removeQueries({ queryKey: applicationKeys.one(id) });
            void queryClient.invalidateQueries({ queryKey: applicationKeys.all, exact: true });
          }}
        />
      </ApplicationForm>
      {signsInWithCode(application.data) && <QuickStartCard app={application.data} id={SECTIONS.quickStart.id} />}
    </>
  );
}

/** The settings form in its three sections, the navigation (which follows the chosen type) and, beside them, `children`. */
function ApplicationForm({ app, children }: { app: Application; children: ReactNode }) {
  const queryClient = useQueryClient();
  const feedback = useActionFeedback();
  const [logo, setLogo] = useState<{ file: File; preview: string } | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const form = useForm<UpdateApplicationInput, unknown, UpdateApplication>({
    resolver: zodResolver(updateApplicationRequest),
    defaultValues: formValues(app),
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const save = useMutation({
    mutationFn: (values: UpdateApplication) =>
      call(applicationsApi.update, { params: { id: app.id }, body: values, files: { logo: logo?.file } }),
    onSuccess: (updated) => {
      feedback.succeed(MESSAGES.applicationSettingsUpdated);
      form.reset(formValues(updated));
      setLogo(null);
      queryClient.setQueryData(applicationKeys.one(app.id), updated);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all, exact: true });
    },
    onError: (error) => {
      applyServerError(error);
      setLogoError(isApiError(error) ? error.body?.validation.errors.logo?.message : undefined);
    },
  });
  const submit = useFormSubmit(form, (values) => {
    feedback.start();
    setLogoError(undefined);
    setFormError(null);
    save.mutate(values);
  });
  const { errors } = form.formState;
  const clientType = useWatch({ control: form.control, name: 'clientType' });
  const deleteLogo = useWatch({ control: form.control, name: 'deleteLogo' });
  const authMethod = useWatch({ control: form.control, name: 'tokenEndpointAuthMethod' });
  const listErrors = (name: 'redirectURIs' | 'postLogoutRedirectURIs') => {
    const error = errors[name] as unknown as
      (({ message?: string } | undefined)[] & { message?: string; root?: { message?: string } }) | undefined;
    return { list: error?.message ?? error?.root?.message, entries: Array.isArray(error) ? error.map((e) => e?.message) : undefined };
  };

  const signsIn = clientType !== 'machine' && clientType !== 'device';
  const sections = [
    SECTIONS.settings,
    ...(signsIn ? [SECTIONS.signIn] : []),
    SECTIONS.tokens,
    SECTIONS.connect,
    SECTIONS.secret,
    ...(app.scimEnabled ? [SECTIONS.scim] : []),
    SECTIONS.danger,
    ...(signsInWithCode(app) ? [SECTIONS.quickStart] : []),
  ];

  return (
    <>
      <SectionNav label={SECTIONS_LABEL} sections={sections} />
      <div className="application-layout">
        <Form onSubmit={submit} className="application-sections">
          {formError && (
            <Alert kind="error" scrollIntoView>
              {formError}
            </Alert>
          )}
          <Card title={SECTIONS.settings.label} id={SECTIONS.settings.id}>
            <TextField label={M.name} required error={errors.name?.message} {...form.register('name')} />
            <Select
              label={M.clientType}
              options={CLIENT_TYPES.map((type) => ({ value: type, label: CLIENT_TYPE_LABELS[type] }))}
              error={errors.clientType?.message}
              {...form.register('clientType')}
            />
            <ImageField
              label={M.logo}
              hint={M.logoHint}
              accept="image/png,image/jpeg,image/gif"
              src={logo?.preview ?? (deleteLogo || !app.logoID ? null : clientLogoSrc(app.logoID))}
              status={logo ? M.logoChosen : deleteLogo && app.logoID ? M.logoRemoved : app.logoID ? M.logoCurrent : M.noLogo}
              error={logoError}
              removeLabel={M.deleteLogo}
              onChoose={(file) => {
                const reader = new FileReader();
                reader.onload = () => {
                  setLogo({ file, preview: String(reader.result) });
                  form.setValue('deleteLogo', false);
                };
                reader.readAsDataURL(file);
              }}
              onRemove={() => {
                setLogo(null);
                form.setValue('deleteLogo', true);
              }}
            />
            <TextField
              label={M.landingUrl}
              type="url"
              placeholder="https://"
              error={errors.landingURL?.message}
              {...form.register('landingURL')}
            />
            <TextField
              label={M.policyUrl}
              type="url"
              placeholder="https://"
              error={errors.policyURL?.message}
              {...form.register('policyURL')}
            />
            <Checkbox label={M.canInvite} {...form.register('canInvite')} />
            <Checkbox label={M.scimEnabled} {...form.register('scimEnabled')} />
            <Checkbox label={M.allowsUnverifiedAccess} {...form.register('allowsUnverifiedAccess')} />
          </Card>
          {signsIn && (
            <Card title={SECTIONS.signIn.label} id={SECTIONS.signIn.id}>
              {(
                [
                  ['redirectURIs', M.redirectUris, M.redirectUri],
                  ['postLogoutRedirectURIs', M.postLogoutRedirectUris, M.postLogoutRedirectUri],
                ] as const
              ).map(([name, label, entryLabel]) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <UriListField
                      label={label}
                      entryLabel={entryLabel}
                      value={(field.value as string[] | undefined) ?? []}
                      onChange={field.onChange}
                      addLabel={M.addUri}
                      removeLabel={M.removeUri}
                      emptyText={M.noUris}
                      error={listErrors(name).list}
                      entryErrors={listErrors(name).entries}
                    />
                  )}
                />
              ))}
              <Select
                label={M.idTokenSigningAlg}
                options={ID_TOKEN_SIGNING_ALGS.map((alg) => ({ value: alg, label: alg }))}
                error={errors.idTokenSignedResponseAlg?.message}
                {...form.register('idTokenSignedResponseAlg')}
              />
              <Select
                label={M.minimumAcr}
                hint={M.minimumAcrHint}
                options={[
                  { value: '', label: M.minimumAcrNone },
                  { value: ACR_MFA, label: M.minimumAcrMfa },
                  { value: ACR_PHISHING_RESISTANT, label: M.minimumAcrPhishingResistant },
                ]}
                error={errors.minimumAcr?.message}
                {...form.register('minimumAcr')}
              />
              <Checkbox label={M.requirePar} {...form.register('requirePushedAuthorizationRequests')} />
            </Card>
          )}
          <Card title={SECTIONS.tokens.label} id={SECTIONS.tokens.id}>
            <fieldset className="token-settings">
              <legend className="visually-hidden">{M.tokensHeading}</legend>
              {clientType !== 'public' && clientType !== 'device' && (
                <>
                  <Select
                    label={M.tokenEndpointAuthMethod}
                    hint={M.tokenEndpointAuthMethodHint}
                    options={TOKEN_ENDPOINT_AUTH_METHODS.map((method) => ({
                      value: method,
                      label: TOKEN_ENDPOINT_AUTH_METHOD_LABELS[method],
                    }))}
                    error={errors.tokenEndpointAuthMethod?.message}
                    {...form.register('tokenEndpointAuthMethod')}
                  />
                  {authMethod === 'client_secret_jwt' && app.needsNewSecret && <Alert kind="info">{M.needsNewSecret}</Alert>}
                  {authMethod === 'private_key_jwt' && (
                    <>
                      <TextArea
                        label={M.jwks}
                        hint={M.jwksHint}
                        rows={6}
                        spellCheck={false}
                        error={errors.jwks?.message}
                        {...form.register('jwks')}
                      />
                      <TextField
                        label={M.clientJwksUri}
                        hint={M.jwksUriHint}
                        type="url"
                        placeholder="https://"
                        error={errors.jwksURI?.message}
                        {...form.register('jwksURI')}
                      />
                    </>
                  )}
                </>
              )}
              <div className="token-lifetimes">
                {LIFETIME_FIELDS.map(([name, kind, label]) => (
                  <TextField
                    key={name}
                    label={label}
                    hint={M.lifetimeHint(TOKEN_LIFETIMES[kind].default, TOKEN_LIFETIMES[kind].min, TOKEN_LIFETIMES[kind].max)}
                    type="number"
                    inputMode="numeric"
                    min={TOKEN_LIFETIMES[kind].min}
                    max={TOKEN_LIFETIMES[kind].max}
                    error={errors[name]?.message}
                    {...form.register(name)}
                  />
                ))}
              </div>
              {clientType !== 'machine' && (
                <>
                  <Checkbox label={M.refreshWithoutConsent} {...form.register('refreshWithoutConsent')} />
                  <TextField
                    label={M.backchannelLogoutUri}
                    hint={M.backchannelLogoutUriHint}
                    type="url"
                    placeholder="https://"
                    error={errors.backchannelLogoutURI?.message}
                    {...form.register('backchannelLogoutURI')}
                  />
                  <TextField
                    label={GROUP_MESSAGES.groupsClaim}
                    hint={GROUP_MESSAGES.groupsClaimHint}
                    error={errors.groupsClaim?.message}
                    {...form.register('groupsClaim')}
                  />
                  <Checkbox label={GROUP_MESSAGES.groupsAlways} {...form.register('groupsAlways')} />
                  <TextField
                    label={ROLE_MESSAGES.rolesClaim}
                    hint={ROLE_MESSAGES.rolesClaimHint}
                    error={errors.rolesClaim?.message}
                    {...form.register('rolesClaim')}
                  />
                  <Checkbox label={ROLE_MESSAGES.rolesAlways} {...form.register('rolesAlways')} />
                </>
              )}
            </fieldset>
          </Card>
          <div className="actions application-save">
            <Button type="submit" busy={save.isPending}>
              {M.save}
            </Button>
            <Button variant="secondary" onClick={() => form.reset(formValues(app))}>
              {M.cancel}
            </Button>
            <ActionStatus message={feedback.message} />
          </div>
        </Form>
        <div className="application-aside">{children}</div>
      </div>
    </>
  );
}

function SecretCard({ app }: { app: Application }) {
  const [asking, setAsking] = useState(false);
  const { notifyError } = useNotifications();
  const feedback = useActionFeedback();
  const regenerate = useMutation({
    mutationFn: () => call(applicationsApi.regenerateSecret, { params: { id: app.id } }),
    // A new action: what an earlier one said (Application settings updated) no longer holds.
    onMutate: () => feedback.start(),
    onSuccess: () => setAsking(false),
    onError: (error) => {
      setAsking(false);
      notifyError(error, 'client');
    },
  });
  return (
    <Card title={M.clientSecret} id={SECTIONS.secret.id}>
      {regenerate.data ? (
        <SecretNotice clientId={app.id} secret={regenerate.data.secret} secretLabel={M.newSecret} />
      ) : (
        <p className="field-hint">{M.secretNotShown}</p>
      )}
      <div className="actions">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {M.regenerateSecret}
        </Button>
      </div>
      <Dialog
        open={asking}
        header={M.regenerateHeader}
        text={M.regenerateText}
        confirmationText={M.regenerateConfirmation}
        affirmativeButtonText={M.regenerateSecret}
        important
        busy={regenerate.isPending}
        onAffirm={() => regenerate.mutate()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}

/** The SCIM base URL and the token, generated here and shown once (docs/scim.md). */
function ScimCard({ app }: { app: Application }) {
  const queryClient = useQueryClient();
  const { notifyError } = useNotifications();
  const feedback = useActionFeedback();
  const generate = useMutation({
    mutationFn: () => call(applicationsApi.scimToken, { params: { id: app.id } }),
    onMutate: () => feedback.start(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: applicationKeys.one(app.id) }),
    onError: (error) => notifyError(error, 'client'),
  });
  const baseURL = generate.data?.baseURL ?? `${window.location.origin}/scim/v2`;
  return (
    <Card title={M.scimTitle} id={SECTIONS.scim.id}>
      <dl className="facts">
        <dt>{M.scimBaseUrl}</dt>
        <dd>
          <CopyField value={baseURL} name={M.scimBaseUrl} />
        </dd>
      </dl>
      {generate.data ? (
        <div className="secret-notice">
          <Alert kind="info">{M.scimTokenNotice}</Alert>
          <dl className="facts">
            <dt>{M.scimToken}</dt>
            <dd>
              <CopyField value={generate.data.token} name={M.scimToken} className="secret" />
            </dd>
          </dl>
        </div>
      ) : (
        <p className="field-hint">
          {app.scimTokenCreatedAt ? M.scimTokenSince(formatDateTime(app.scimTokenCreatedAt) ?? '') : M.scimTokenNone}
        </p>
      )}
      <div className="actions">
        <Button variant="secondary" busy={generate.isPending} onClick={() => generate.mutate()}>
          {M.generateScimToken}
        </Button>
      </div>
    </Card>
  );
}
