import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { ROUTES } from '@gatehouse/common/routes';
import type { InputHTMLAttributes, Ref } from 'react';
import { Link } from 'react-router';

import { Checkbox } from '../../components/Checkbox.tsx';

/** The required consent tick, linking the terms (/termsandconditions) and the privacy policy (/privacypolicy). */
export function ConsentCheckbox({
  error,
  ref,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { error?: string | undefined; ref?: Ref<HTMLInputElement> }) {
  return (
    <Checkbox
      ref={ref}
      error={error}
      label={
        <>
          {ACCOUNT_MESSAGES.consentPrefix}{' '}
          <Link to={ROUTES.termsAndConditions.path} target="_blank" rel="noopener">
            {ACCOUNT_MESSAGES.termsAndConditions}
          </Link>{' '}
          {ACCOUNT_MESSAGES.consentJoin}{' '}
          <Link to={ROUTES.privacyPolicy.path} target="_blank" rel="noopener">
            {ACCOUNT_MESSAGES.privacyPolicy}
          </Link>
        </>
      }
      {...rest}
    />
  );
}
