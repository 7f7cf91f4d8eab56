import { passkeysApi } from '@gatehouse/common/api/passkeys';
import { formatDateTime } from '@gatehouse/common/format';
import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import type { ConfirmWithPasskeyRequest, Passkey, RegisterPasskeyRequest } from '@gatehouse/common/schemas/passkeys';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';
import { factorsKey } from '../two-step/Factors.tsx';
import { RenameOrRemoveForm, useRenameOrRemove } from '../two-step/RenameOrRemove.tsx';

const passkeysKey = ['passkeys'] as const;
/** The product's date format (DD/MM/YYYY HH:mm +offset), not the browser locale's. */
const dateOf = (ms: number) => formatDateTime(ms) ?? '';

/** The browser's refusal (cancelled, timed out, not allowed) in the user's words; anything else as the server said it. */
function problemOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return M.passkeyCancelled;
  return error instanceof Error ? error.message : M.passkeyInvalid;
}

/**
 * /twostep's passkeys: add (named), rename and remove (with the password, or another passkey). The first passkey of a user
 * without a second step makes passkeys their method, and the recovery codes are shown once.
 */
export function Passkeys({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: passkeysKey, queryFn: () => call(passkeysApi.list) });
  const [name, setName] = useState<string>(M.passkeyDefaultName);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = (passkeys: Passkey[]) => {
    queryClient.setQueryData(passkeysKey, passkeys);
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
    // A passkey is one of the person's methods too.
    void queryClient.invalidateQueries({ queryKey: factorsKey });
  };
  const add = useMutation({
    mutationFn: async () => {
      const optionsJSON = (await call(passkeysApi.registrationOptions)) as unknown as PublicKeyCredentialCreationOptionsJSON;
      const credential = await startRegistration({ optionsJSON });
      // The library's JSON types lack the index signature of the contract's loose schema.
      return call(passkeysApi.register, { body: { name, credential: credential as unknown as RegisterPasskeyRequest['credential'] } });
    },
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      refresh(result.passkeys);
      setName(M.passkeyDefaultName);
      if (result.recoveryCodes) onRecoveryCodes(result.recoveryCodes);
    },
    onError: (error) => setProblem(problemOf(error)),
  });

  return (
    <section className="passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{M.passkeysHeading}</h2>
      <p>{M.passkeysIntro}</p>
      {problem && <Alert kind="error">{problem}</Alert>}
      {list.data && list.data.length === 0 && <p>{M.noPasskeys}</p>}
      <ul className="passkey-list">
        {list.data?.map((passkey) => (
          <PasskeyItem key={passkey.id} passkey={passkey} others={list.data.length - 1} onChanged={refresh} />
        ))}
      </ul>
      <Form
        onSubmit={() => {
          if (!add.isPending) add.mutate();
        }}
        noValidate
      >
        <TextField label={M.passkeyName} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" busy={add.isPending} disabled={name.trim() === ''}>
          {M.addPasskey}
        </Button>
      </Form>
    </section>
  );
}

function PasskeyItem({ passkey, others, onChanged }: { passkey: Passkey; others: number; onChanged: (passkeys: Passkey[]) => void }) {
  const item = useRenameOrRemove({
    rename: (name) => call(passkeysApi.rename, { params: { id: passkey.id }, body: { name } }),
    remove: (password) => call(passkeysApi.remove, { params: { id: passkey.id }, body: { password } }),
    onDone: onChanged,
  });
  // Removal confirmed by another of the user's passkeys instead of the password.
  const removeWithPasskey = useMutation({
    mutationFn: async () => {
      const params = { id: passkey.id };
      const optionsJSON = (await call(passkeysApi.removalOptions, { params })) as unknown as PublicKeyCredentialRequestOptionsJSON;
      const credential = await startAuthentication({ optionsJSON });
      return call(passkeysApi.removeWithPasskey, {
        params,
        body: { credential: credential as unknown as ConfirmWithPasskeyRequest['credential'] },
      });
    },
    onMutate: () => item.setProblem(null),
    onSuccess: item.done,
    onError: (error) => item.setProblem(problemOf(error) === M.passkeyCancelled ? M.confirmPasskeyCancelled : problemOf(error)),
  });
  return (
    <li className="passkey">
      <strong>{passkey.name}</strong>
      <span className="field-hint">
        {' '}
        {M.passkeyCreated(dateOf(passkey.createdAt))} · {M.passkeyLastUsed(passkey.lastUsedAt === null ? null : dateOf(passkey.lastUsedAt))}
      </span>
      {item.mode === 'view' ? (
        <div className="button-row">
          <Button variant="link" onClick={() => item.start('rename', passkey.name)}>
            {M.renamePasskey}
          </Button>
          <Button variant="link" onClick={() => item.start('remove', '')}>
            {M.removePasskey}
          </Button>
        </div>
      ) : (
        <RenameOrRemoveForm item={item} removeLabel={M.removePasskey} showProblem>
          {item.mode === 'remove' && others > 0 && (
            <Button variant="secondary" busy={removeWithPasskey.isPending} onClick={() => removeWithPasskey.mutate()}>
              {M.confirmWithPasskey}
            </Button>
          )}
        </RenameOrRemoveForm>
      )}
    </li>
  );
}
