/**
 * /organisation (Organisation Admin): every setting of the organisation in five sections, the
 * security strength bar, 'Reset to recommended', Save and Cancel, and a live preview of the changes.
 */
import { organisationApi } from '@gatehouse/common/api/organisation';
import { MESSAGES } from '@gatehouse/common/messages';
import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import { LIMITS, RECOMMENDED_SETTINGS } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import {
  type OrganisationAdminView,
  type OrganisationSettingsInput,
  type OrganisationSettingsRequest,
  organisationSettingsRequest,
  SETTING_NAMES,
} from '@gatehouse/common/schemas/organisation-settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, type Path, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { call, isApiError } from '../../api/client.ts';
import { useOrganisationSettings, useSettingsStrength } from '../../api/organisation-queries.ts';
import { queryKeys } from '../../api/queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { flashOn } from '../../features/feedback/feedback.ts';
import { useDebouncedValue } from '../../features/forms/use-debounced-value.ts';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { AddressListsSection } from './AddressListsSection.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { CustomContentSection } from './CustomContentSection.tsx';
import { LanguagesSection } from './LanguagesSection.tsx';
import { PasswordPolicySection, SignInPolicySection, SignUpPolicySection } from './PolicySections.tsx';
import { StrengthBar } from './StrengthBar.tsx';
import { useImageChoices } from './use-image-choices.ts';

import './organisation.css';

const M = ORGANISATION_MESSAGES;

export function OrganisationPage() {
  usePageTitle(ROUTES.organisation.title);
  const settings = useOrganisationSettings();
  return (
    <>
      <h1>{M.title}</h1>
      {settings.isPending ? (
        <Loader />
      ) : settings.isError ? (
        <Alert kind="error">{isApiError(settings.error) ? settings.error.message : MESSAGES.genericError}</Alert>
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </>
  );
}

/** The form's values for saved settings: text fields hold '' for nothing. */
function formValuesOf(view: OrganisationAdminView): OrganisationSettingsInput {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, view[name] ?? ''])) as OrganisationSettingsInput;
}

type Status = 'applied' | 'saved' | null;

function SettingsForm({ saved }: { saved: OrganisationAdminView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<OrganisationSettingsInput, unknown, OrganisationSettingsRequest>({
    resolver: zodResolver(organisationSettingsRequest),
    defaultValues: formValuesOf(saved),
  });
  const images = useImageChoices(saved);
  const { formError, setFormError, applyServerError } = useServerErrors(form, SETTING_NAMES as Path<OrganisationSettingsInput>[]);
  const [status, setStatus] = useState<Status>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  // Settings that turn on required MFA for an admin without it, held until the admin confirms.
  const [pendingMfa, setPendingMfa] = useState<OrganisationSettingsRequest | null>(null);
  const { user: me } = useSignedInUser();
  const unsaved = form.formState.isDirty;

  // Live preview and score of the unsaved settings, asked of the server once typing pauses.
  const values = useWatch({ control: form.control });
  const settled = useDebouncedValue(JSON.stringify(values), LIMITS.searchDebounceMs);
  const parsed = useMemo(() => organisationSettingsRequest.safeParse(JSON.parse(settled)), [settled]);
  const preview = useQuery({
    queryKey: [...queryKeys.settingsPreview, parsed.data ?? null],
    queryFn: () => call(organisationApi.preview, { body: parsed.data! }),
    enabled: unsaved && parsed.success,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const strength = useSettingsStrength();
  const livePreview = unsaved ? preview.data : undefined;
  const score = livePreview?.settingsScore ?? strength.data?.settingsScore ?? saved.settingsScore;

  const save = useMutation({
    mutationFn: (input: OrganisationSettingsRequest) => call(organisationApi.save, { body: { ...input, ...images.formFields() } }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.organisationSettings, view);
      // The whole SPA takes the new theme at once: the root reads the organisation from this query.
      queryClient.setQueryData(queryKeys.organisation, view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.settingsStrength });
      // A policy that now applies to the admin too (MFA required) takes them to /twostep, not to 403s.
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      form.reset(formValuesOf(view));
      images.reset();
      setStatus('saved');
      setPendingMfa(null);
      // An admin who must now set up MFA is taken to /twostep at once: the success goes with them.
      if (view.requireTwoStep && !me.twoStep.enabled) flashOn(ROUTES.twoStep.path, MESSAGES.organisationSettingsUpdated);
    },
    onError: (error) => {
      setPendingMfa(null);
      applyServerError(error);
      if (isApiError(error) && error.body) images.applyServerErrors(error.body.validation?.errors ?? {});
    },
  });

  const submit = useFormSubmit(
    form,
    (input) => {
      setFormError(null);
      setStatus(null);
      // Turning on required MFA sends an admin without it to set it up: they are asked first.
      if (input.requireTwoStep && !saved.requireTwoStep && !me.twoStep.enabled) setPendingMfa(input);
      else save.mutate(input);
    },
    () => setStatus(null),
  );

  const resetToRecommended = () => {
    for (const [name, value] of Object.entries(RECOMMENDED_SETTINGS)) {
      form.setValue(name as keyof typeof RECOMMENDED_SETTINGS, value, { shouldDirty: true });
      form.clearErrors(name as keyof typeof RECOMMENDED_SETTINGS);
    }
    setConfirmingReset(false);
    setStatus('applied');
  };

  return (
    <FormProvider {...form}>
      <Form className="settings-form" onSubmit={submit}>
        <div className="settings-strength">
          <StrengthBar score={score} unsaved={Boolean(livePreview)} />
        </div>
        {formError && (
          <Alert kind="error" scrollIntoView>
            {formError}
          </Alert>
        )}
        <PasswordPolicySection />
        <SignUpPolicySection />
        <SignInPolicySection saved={saved} />
        <AppearanceSection images={images} previewStyle={livePreview?.style ?? null} />
        <CustomContentSection />
        <LanguagesSection />
        <div className="settings-actions">
          <div className="settings-status" role="status">
            {status === 'applied' && M.settingsApplied}
            {status === 'saved' && MESSAGES.organisationSettingsUpdated}
          </div>
          <Button variant="secondary" onClick={() => setConfirmingReset(true)}>
            {M.resetToRecommended}
          </Button>
          <Button variant="secondary" onClick={() => void navigate(ROUTES.dashboard.path)}>
            {M.cancel}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {M.save}
          </Button>
        </div>
      </Form>
      <AddressListsSection />
      <Dialog
        open={pendingMfa !== null}
        header={M.requireMfaHeader}
        text={M.requireMfaText}
        affirmativeButtonText={M.requireMfaAffirm}
        busy={save.isPending}
        onAffirm={() => pendingMfa && save.mutate(pendingMfa)}
        onCancel={() => setPendingMfa(null)}
      />
      <Dialog
        open={confirmingReset}
        header={M.resetToRecommended}
        text={confirmingReset && <ResetChanges current={form.getValues()} />}
        onAffirm={resetToRecommended}
        onCancel={() => setConfirmingReset(false)}
      />
    </FormProvider>
  );
}

type RecommendedName = keyof typeof RECOMMENDED_SETTINGS;

/** What 'Reset to recommended' would change, setting by setting, with required MFA called out. */
function ResetChanges({ current }: { current: Partial<Record<RecommendedName, unknown>> }) {
  const shown = (value: unknown) => (value === true ? M.settingOn : value === false ? M.settingOff : String(value));
  const changes = (Object.entries(RECOMMENDED_SETTINGS) as [RecommendedName, unknown][]).filter(
    ([name, value]) => String(current[name]) !== String(value),
  );
  const turnsOnMfa = RECOMMENDED_SETTINGS.requireTwoStep && current.requireTwoStep !== true;
  return (
    <>
      <p>{M.resetConfirmation}</p>
      {changes.length === 0 ? (
        <p>{M.resetNoChanges}</p>
      ) : (
        <>
          <p>{M.resetChangesIntro}</p>
          <ul className="reset-changes">
            {changes.map(([name, value]) => (
              <li key={name}>{M.resetChange(M.labels[name], shown(current[name]), shown(value))}</li>
            ))}
          </ul>
        </>
      )}
      {turnsOnMfa && (
        <p className="reset-warning">
          <strong>{M.warning}</strong> {M.resetTurnsOnMfa}
        </p>
      )}
    </>
  );
}
