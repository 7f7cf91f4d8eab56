import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { useState } from 'react';

import { useSignedInUser } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { ChangePasswordForm } from '../../features/passwords/ChangePasswordForm.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /updatepassword: change the password; 'Account details updated' on success. */
export function UpdatePasswordPage() {
  const { user } = useSignedInUser();
  usePageTitle(ACCOUNT_MESSAGES.changePasswordTitle);
  const [changed, setChanged] = useState(false);
  return (
    <>
      <h1>{ACCOUNT_MESSAGES.changePasswordTitle}</h1>
      <Card className="form-card">
        {changed && <Alert kind="success">{MESSAGES.accountDetailsUpdated}</Alert>}
        <ChangePasswordForm user={user} onChanged={() => setChanged(true)} />
      </Card>
    </>
  );
}
