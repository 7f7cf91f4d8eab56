import { ROLE_MESSAGES as M } from '@gatehouse/common/roles';
import { useState } from 'react';

import { useRoles } from '../../api/role-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { Select } from '../../components/Select.tsx';

/**
 * A choice of the organisation's roles not given yet and a button to give the chosen one: a group's
 * page and a person's page both give roles with it.
 */
export function GiveRoleForm({
  given,
  busy,
  error,
  onGive,
}: {
  /** The ids of the roles already given, left out of the choice. */
  given: ReadonlySet<string>;
  busy: boolean;
  error: string | null;
  onGive: (roleId: string) => void;
}) {
  const roles = useRoles();
  const [chosen, setChosen] = useState('');
  const offered = (roles.data ?? []).filter((role) => !given.has(role.id));
  const value = offered.some((role) => role.id === chosen) ? chosen : '';
  if (roles.isError) return <Alert kind="error">{roles.error.message}</Alert>;
  if (roles.isSuccess && offered.length === 0) return <p className="field-hint">{M.noRolesToGive}</p>;
  return (
    <Form onSubmit={() => value && !busy && onGive(value)} aria-label={M.giveRole}>
      {error && <Alert kind="error">{error}</Alert>}
      <Select
        label={M.roleToGive}
        value={value}
        onChange={(event) => setChosen(event.target.value)}
        options={[{ value: '', label: M.chooseRole }, ...offered.map((role) => ({ value: role.id, label: role.name }))]}
      />
      <div className="actions">
        <Button type="submit" variant="secondary" busy={busy} disabled={!value}>
          {M.giveRole}
        </Button>
      </div>
    </Form>
  );
}

/** "Take away" beside one role, busy while that role's taking away runs (a group's or a person's). */
export function TakeAwayRole({
  role,
  take,
}: {
  role: { id: string; name: string };
  take: { isPending: boolean; variables: string | undefined; mutate: (roleId: string) => void };
}) {
  return (
    <Button
      variant="secondary"
      aria-label={M.takeAwayRole(role.name)}
      busy={take.isPending && take.variables === role.id}
      onClick={() => take.mutate(role.id)}
    >
      {M.takeAway}
    </Button>
  );
}
