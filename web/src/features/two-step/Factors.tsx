import { accountApi } from '@gatehouse/common/api/account';
import { formatDateTime } from '@gatehouse/common/format';
import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import type { TwoStepKind } from '@gatehouse/common/policy';
import type { Factor } from '@gatehouse/common/schemas/mfa';
import { PASSKEY_NAME_MAX } from '@gatehouse/common/schemas/passkeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { RenameOrRemoveForm, useRenameOrRemove } from './RenameOrRemove.tsx';

/** The person's factors, under their own root so that signing out forgets them. */
export const factorsKey = ['twostepFactors'] as const;

/** A factor as a person reads it: its name, or its kind ('App', 'SMS'). */
export const factorLabel = (factor: Factor) => factor.name ?? M.methods[factor.kind as TwoStepKind];

/** The person's factors, shared by the list and the choice of what to add. */
export function useFactors(enabled = true) {
  return useQuery({ queryKey: factorsKey, queryFn: () => call(accountApi.listFactors), enabled });
}

/**
 * /twostep's list of the person's methods: each with its kind, name, when added and last used,
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
  const label = factorLabel(factor);
  const item = useRenameOrRemove({
    rename: (name) => call(accountApi.renameFactor, { params: { id: factor.id }, body: { name } }),
    remove: (password) => call(accountApi.removeFactor, { params: { id: factor.id }, body: { password } }),
    onDone: onChanged,
  });
  const makeDefault = useMutation({
    mutationFn: () => call(accountApi.setDefaultFactor, { params: { id: factor.id } }),
    onMutate: () => item.setProblem(null),
    onSuccess: item.done,
    onError: (error) => item.setProblem(error.message),
  });
  const start = (next: 'rename' | 'remove') => {
    item.setProblem(null);
    item.start(next, next === 'rename' ? (factor.name ?? '') : '');
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
      {item.problem && <Alert kind="error">{item.problem}</Alert>}
      {item.mode === 'view' ? (
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
        <RenameOrRemoveForm item={item} removeLabel={M.removeFactorLabel(label)} nameMaxLength={PASSKEY_NAME_MAX} />
      )}
    </li>
  );
}
