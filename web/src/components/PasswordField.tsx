import { PASSWORD_VISIBILITY_MESSAGES as M } from '@gatehouse/common/messages';
import { type ComponentProps, useState } from 'react';

import { useOrganisation } from '../api/queries.ts';
import { TextField } from './TextField.tsx';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'action'>;

/**
 * A password input with a 'Show password' toggle where the organisation allows it (its password policy's
 * passwordVisibility, on by default: NIST 800-63B asks verifiers to offer it). The button says Show or
 * Hide, and its accessible name says which field it concerns.
 */
export function PasswordField(props: PasswordFieldProps) {
  const org = useOrganisation();
  const [shown, setShown] = useState(false);
  const allowed = org.data?.passwordVisibility ?? false;
  return (
    <TextField
      {...props}
      type={allowed && shown ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      action={
        allowed ? (
          <button type="button" className="field-toggle" onClick={() => setShown(!shown)}>
            {shown ? M.hide : M.show}
            <span className="visually-hidden"> {M.field}</span>
          </button>
        ) : undefined
      }
    />
  );
}
