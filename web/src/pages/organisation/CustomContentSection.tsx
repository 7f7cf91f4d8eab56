/** Custom content: the support message (with a rendering of its links) and the custom policy, terms and help URLs. */
import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import { type OrganisationSettingsInput, SETTINGS_LIMITS } from '@gatehouse/common/schemas/organisation-settings';
import { useFormContext, useWatch } from 'react-hook-form';

import { Card } from '../../components/Card.tsx';
import { LinkedText } from '../../components/LinkedText.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { TextSetting, useFieldError } from './setting-fields.tsx';

const M = ORGANISATION_MESSAGES;

export function CustomContentSection() {
  const { register } = useFormContext<OrganisationSettingsInput>();
  const supportMessage = useWatch<OrganisationSettingsInput, 'supportMessage'>({ name: 'supportMessage' });
  const text = typeof supportMessage === 'string' ? supportMessage.trim() : '';
  return (
    <Card title={M.sections.customContent}>
      <TextArea
        label={M.labels.supportMessage}
        hint={M.hints.supportMessage}
        error={useFieldError('supportMessage')}
        maxLength={SETTINGS_LIMITS.supportMessageMax}
        rows={4}
        {...register('supportMessage')}
      />
      {text && (
        <div className="support-preview">
          <p className="field-hint">{M.supportMessagePreview}</p>
          <LinkedText text={text} />
        </div>
      )}
      <TextSetting name="customPrivacyPolicyURL" type="url" />
      <TextSetting name="customTermsConditionsURL" type="url" />
      <TextSetting name="customHelpPageURL" type="url" />
    </Card>
  );
}
