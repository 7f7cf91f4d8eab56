/** The password, sign-up and sign-in policy sections of the organisation settings page. */
import { MESSAGES } from '@gatehouse/common/messages';
import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import { routePath } from '@gatehouse/common/routes';
import {
  normaliseWhitelistEntry,
  type OrganisationSettings,
  type OrganisationSettingsInput,
  SETTINGS_LIMITS,
  whitelistEntryLabel,
  whitelistEntryProblem,
} from '@gatehouse/common/schemas/organisation-settings';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';

import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { CheckboxSetting, NumberSetting, TextSetting, useFieldError } from './setting-fields.tsx';

const M = ORGANISATION_MESSAGES;

export function PasswordPolicySection() {
  return (
    <Card title={M.sections.passwordPolicy}>
      <div className="settings-grid">
        <NumberSetting name="passwordMinLength" />
        <NumberSetting name="passwordExpiryDays" />
      </div>
      <CheckboxSetting name="passwordUpper" />
      <CheckboxSetting name="passwordLower" />
      <CheckboxSetting name="passwordDigit" />
      <CheckboxSetting name="passwordSpecial" />
      <CheckboxSetting name="usePasswordList" />
      <CheckboxSetting name="enforcePasswordHistory" />
      <CheckboxSetting name="passwordVisibility" />
    </Card>
  );
}

export function SignUpPolicySection() {
  return (
    <Card title={M.sections.signUpPolicy}>
      <CheckboxSetting name="preventSelfSignUp" />
      <CheckboxSetting name="requireSignUpChallenge" />
      <EmailWhitelistField />
      <div className="settings-grid">
        <NumberSetting name="invitationExpiryHours" />
      </div>
    </Card>
  );
}

/** The whitelist as a list: an entry is added only when it holds a non-whitespace character and is valid. */
function EmailWhitelistField() {
  const { field } = useController<OrganisationSettingsInput, 'userEmailWhitelist'>({ name: 'userEmailWhitelist' });
  const serverError = useFieldError('userEmailWhitelist');
  const entries = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const error = problem ?? serverError;

  const add = () => {
    const entry = normaliseWhitelistEntry(draft);
    if (entry === '') return;
    const refusal =
      whitelistEntryProblem(entry) ??
      (entries.length >= SETTINGS_LIMITS.whitelistEntries ? M.validation.whitelistTooMany(SETTINGS_LIMITS.whitelistEntries) : null);
    setProblem(refusal);
    if (refusal) return;
    if (!entries.includes(entry)) field.onChange([...entries, entry]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the entry instead of submitting the whole settings form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset className={`field whitelist${error ? ' field-invalid' : ''}`}>
      <legend>{M.labels.userEmailWhitelist}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {M.hints.userEmailWhitelist}
      </p>
      {entries.length === 0 ? (
        <p className="whitelist-empty">{M.whitelistEmpty}</p>
      ) : (
        <ul className="whitelist-entries">
          {entries.map((entry) => (
            <li key={entry}>
              <span className={whitelistEntryLabel(entry) === entry ? 'whitelist-entry' : undefined}>{whitelistEntryLabel(entry)}</span>
              <Button
                variant="link"
                onClick={() => field.onChange(entries.filter((e) => e !== entry))}
                aria-label={M.whitelistRemove(whitelistEntryLabel(entry))}
              >
                {M.imageRemove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-new`}>{M.whitelistNewEntry}</label>
      <div className="whitelist-add">
        <input
          id={`${id}-new`}
          value={draft}
          maxLength={SETTINGS_LIMITS.whitelistEntryMax}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={field.onBlur}
        />
        <Button variant="secondary" onClick={add}>
          {M.whitelistAdd}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function SignInPolicySection({ saved }: { saved: Pick<OrganisationSettings, 'allowSMSTwoStep' | 'allowEmailTwoStep'> }) {
  const { control } = useFormContext<OrganisationSettingsInput>();
  const [enableRedirectUrl, allowSMSTwoStep, allowEmailTwoStep] = useWatch({
    control,
    name: ['enableRedirectUrl', 'allowSMSTwoStep', 'allowEmailTwoStep'],
  });
  const smsOn = allowSMSTwoStep === true;
  const emailOn = allowEmailTwoStep === true;
  return (
    <Card title={M.sections.signInPolicy}>
      <div className="settings-grid">
        <NumberSetting name="failedSignInsBeforeCooldown" />
        <NumberSetting name="cooldownDurationMinutes" />
        <NumberSetting name="failedSignInsBeforeLockout" />
        <NumberSetting name="reactivationGracePeriodDays" />
        <NumberSetting name="inactivityExpiryDays" />
        <NumberSetting name="inactivityDeletionDays" />
        <NumberSetting name="inactivityNotificationEmailDays" />
        <NumberSetting name="rememberMeDays" />
      </div>
      <CheckboxSetting name="enableRedirectUrl" />
      {enableRedirectUrl === true && <TextSetting name="redirectUrl" type="url" />}
      <CheckboxSetting name="dashboardRedirect" />
      <CheckboxSetting name="requireTwoStep" />
      <CheckboxSetting name="allowSMSTwoStep" />
      {saved.allowSMSTwoStep && !smsOn && <MfaWarning>{MESSAGES.disableSmsMfaWarning}</MfaWarning>}
      {!saved.allowSMSTwoStep && smsOn && (
        <MfaWarning>
          {MESSAGES.enableSmsMfaWarning} <Link to={routePath('help')}>{M.providerSupport}</Link>
        </MfaWarning>
      )}
      <CheckboxSetting name="allowEmailTwoStep" />
      {saved.allowEmailTwoStep && !emailOn && <MfaWarning>{MESSAGES.disableEmailMfaWarning}</MfaWarning>}
      <CheckboxSetting name="allowPasswordless" />
      <CheckboxSetting name="newBrowserNotice" />
    </Card>
  );
}

function MfaWarning({ children }: { children: ReactNode }) {
  return (
    <Alert kind="info">
      <strong>{M.warning}</strong> {children}
    </Alert>
  );
}
