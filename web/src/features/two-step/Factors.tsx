import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@gatehouse/common/api/account';
import { formatDateTime } from '@gatehouse/common/format';
import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import type { TwoStepKind } from '@gatehouse/common/policy';
import type { Factor } from '@gatehouse/common/schemas/mfa';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';

/** The person's factors, under their own root so that signing out forgets them. */
export const factorsKey = ['twostepFactors'] as const;

/** A factor as a person reads it: its name, or its kind ('App', 'SMS'). */
export const factorLabel = (factor: Factor) => factor.name ?? M.methods[factor.kind as TwoStepKind];

/** The person's factors, shared by the list and the choice of what to add. */
export function useFactors(enabled = true) {
  return useQuery({ queryKey: factorsKey, queryFn: () => call(accountApi.listFactors), enabled });
}

/**
 * /twostep's list of the person's methods (issue 30): each with its kind, name, when added and last used,
 * and the default marked; make another the default, rename, or remove with the password. Removing the
 * last one where MFA is required is refused, and the reason is shown.
 */
export function Factors() {
  const queryClient = useQueryClient();
  const factors = useFactors();
  const changed = (list: Factor[]) => {
    queryClient.setQueryData(factorsKey, list);
    // The account's MFA state and the passkeys list follow a change of factors.
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
    void queryClient.invalidateQueries({ queryKey: ['passkeys'] });
  };
  return (
    <section className="factors" aria-labelledby="factors-heading">
      <h2 id="factors-heading">{M.factorsHeading}</h2>
      <p>{M.factorsIntro}</p>
      <ul className="factor-list">
        {factors.data?.map((factor) => (
          <FactorItem key={factor.id} factor={factor} onChanged={changed} />
        ))}
      </ul>
    </section>
  );
}

function FactorItem({ factor, onChanged }: { factor: Factor; onChanged: (factors: Factor[]) => void }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = factorLabel(factor);
  const done = (factors: Factor[]) => {
    setMode('view');
    onChanged(factors);
  };
  const makeDefault = useMutation({
    mutationFn: () => call(accountApi.setDefaultFactor, { params: { id: factor.id } }),
    onMutate: () => setProblem(null),
    onSuccess: done,
    onError: (error) => setProblem(error.message),
  });
  const change = useMutation({
    mutationFn: () =>
      mode === 'rename'
        ? call(accountApi.renameFactor, { params: { id: factor.id }, body: { name: value } })
        : call(accountApi.removeFactor, { params: { id: factor.id }, body: { password: value } }),
    onMutate: () => setProblem(null),
    onSuccess: done,
    onError: (error) => setProblem(error.message),
  });
  const start = (next: 'rename' | 'remove') => {
    setProblem(null);
    setValue(next === 'rename' ? (factor.name ?? '') : '');
    setMode(next);
  };
  return (
    <li className="factor">
      <div className="factor-summary">
        <strong>{label}</strong>
        {factor.name !== null && <span> · {M.methods[factor.kind as TwoStepKind]}</span>}
        {factor.isDefault && <span className="badge">{M.factorDefault}</span>}
      </div>
      <p className="field-hint">
        {factor.phoneNumber && <>{M.factorPhone(factor.phoneNumber)} · </>}
        {M.passkeyCreated(formatDateTime(factor.createdAt) ?? '')} · {M.passkeyLastUsed(formatDateTime(factor.lastUsedAt))}
      </p>
      {problem && <Alert kind="error">{problem}</Alert>}
      {mode === 'view' ? (
        <div className="button-row" role="group" aria-label={M.factorActions(label)}>
          {!factor.isDefault && (
            <Button variant="link" busy={makeDefault.isPending} onClick={() => makeDefault.mutate()}>
              {M.makeDefault}
            </Button>
          )}
          <Button variant="link" onClick={() => start('rename')}>
            {M.renameFactor}
          </Button>
          <Button variant="link" onClick={() => start('remove')}>
            {M.removeFactor}
          </Button>
        </div>
      ) : (
        <Form
          onSubmit={() => {
            if (!change.isPending) change.mutate();
          }}
          noValidate
        >
          <TextField
            label={mode === 'rename' ? M.passkeyName : M.password}
            hint={mode === 'remove' ? M.passwordHint : undefined}
            type={mode === 'remove' ? 'password' : 'text'}
            autoComplete={mode === 'remove' ? 'current-password' : 'off'}
            maxLength={mode === 'rename' ? 64 : undefined}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <div className="button-row">
            <Button type="submit" variant="secondary" busy={change.isPending}>
              {mode === 'rename' ? M.save : M.removeFactorLabel(label)}
            </Button>
            <Button variant="link" onClick={() => setMode('view')}>
              {M.cancel}
            </Button>
          </div>
        </Form>
      )}
    </li>
  );
}
