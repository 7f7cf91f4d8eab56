import { groupsApi } from '@gatehouse/common/api/groups';
import { GROUP_LIMITS, GROUP_MESSAGES as M } from '@gatehouse/common/groups';
import { LIMITS } from '@gatehouse/common/policy';
import { matchRoute, routePath, ROUTES } from '@gatehouse/common/routes';
import type { Group, GroupMember } from '@gatehouse/common/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { call, isApiError } from '../../api/client.ts';
import { groupKeys, useGroup, useGroupMembers } from '../../api/group-queries.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { useDebouncedValue } from '../../features/forms/use-debounced-value.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { GroupRoles } from './GroupRoles.tsx';
import { Pager, SearchField } from './Pager.tsx';

import './groups.css';

const fieldErrors = (error: unknown) => (isApiError(error) ? (error.body?.validation.errors ?? {}) : {});

/** The group's name, renamed here, and its deletion. */
function GroupSettings({ group }: { group: Group }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(group.name);
  const [confirming, setConfirming] = useState(false);
  const feedback = useActionFeedback();
  const rename = useMutation({
    mutationFn: () => call(groupsApi.rename, { params: { id: group.id }, body: { name } }),
    onMutate: () => feedback.start(),
    onSuccess: (updated) => {
      queryClient.setQueryData(groupKeys.one(group.id), updated);
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      feedback.succeed(M.saved);
    },
  });
  const remove = useMutation({
    mutationFn: () => call(groupsApi.delete, { params: { id: group.id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      void navigate(ROUTES.groups.path);
    },
  });
  const errors = fieldErrors(rename.error);
  return (
    <Card title={M.rename}>
      <Form onSubmit={() => !rename.isPending && rename.mutate()}>
        {rename.isError && !errors.name && <Alert kind="error">{rename.error.message}</Alert>}
        <TextField
          label={M.name}
          name="name"
          value={name}
          maxLength={GROUP_LIMITS.nameMax}
          onChange={(event) => setName(event.target.value)}
          error={errors.name?.message}
        />
        <div className="groups-actions">
          <Button type="submit" busy={rename.isPending}>
            {M.save}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {M.delete}
          </Button>
          <ActionStatus message={feedback.message} />
        </div>
      </Form>
      <ConfirmDelete
        open={confirming}
        header={M.deleteHeader}
        text={M.deleteText}
        button={M.delete}
        deletion={remove}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

function AddMember({ group }: { group: Group }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const feedback = useActionFeedback();
  const add = useMutation({
    mutationFn: () => call(groupsApi.addMember, { params: { id: group.id }, body: { email } }),
    onMutate: () => feedback.start(),
    onSuccess: (updated) => {
      setEmail('');
      queryClient.setQueryData(groupKeys.one(group.id), updated);
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      feedback.succeed(M.memberAdded);
    },
  });
  const errors = fieldErrors(add.error);
  return (
    <Form onSubmit={() => !add.isPending && add.mutate()} aria-label={M.addMember}>
      {add.isError && !errors.email && <Alert kind="error">{add.error.message}</Alert>}
      <TextField
        label={M.memberEmail}
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email?.message}
      />
      <div className="groups-actions">
        <Button type="submit" variant="secondary" busy={add.isPending}>
          {M.addMember}
        </Button>
        <ActionStatus message={feedback.message} />
      </div>
    </Form>
  );
}

function Members({ group, editable }: { group: Group; editable: boolean }) {
  const queryClient = useQueryClient();
  const searchId = useId();
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(term.trim().toLowerCase(), LIMITS.searchDebounceMs);
  const members = useGroupMembers(group.id, search, page);
  const feedback = useActionFeedback();
  const remove = useMutation({
    mutationFn: (member: GroupMember) => call(groupsApi.removeMember, { params: { id: group.id, userId: member.id } }),
    onMutate: () => feedback.start(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      feedback.succeed(M.memberRemoved);
    },
  });
  const data = members.data;
  return (
    <Card title={M.members}>
      <ActionStatus message={feedback.message} focus />
      {remove.isError && <Alert kind="error">{remove.error.message}</Alert>}
      <SearchField
        id={searchId}
        label={M.searchMembersLabel}
        value={term}
        onChange={(value) => {
          setTerm(value);
          setPage(1);
        }}
      />
      {members.isPending ? (
        <Loader />
      ) : members.isError ? (
        <Alert kind="error">{members.error.message}</Alert>
      ) : data!.items.length === 0 ? (
        <p role="status">{search ? M.noMatches : M.noMembers}</p>
      ) : (
        <>
          <table className="data-table">
            <caption className="visually-hidden">{M.members}</caption>
            <thead>
              <tr>
                <th scope="col">{ROUTES.users.title}</th>
                {editable && (
                  <th scope="col">
                    <span className="visually-hidden">{M.remove}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {data!.items.map((member) => (
                <tr key={member.id}>
                  <td data-label={ROUTES.users.title} className="groups-name">
                    <Link to={routePath('user', { id: member.id })}>{member.email}</Link>
                    {(member.firstName || member.surname) && (
                      <span className="app-card-meta"> {[member.firstName, member.surname].filter(Boolean).join(' ')}</span>
                    )}
                  </td>
                  {editable && (
                    <td className="data-table-actions">
                      <Button variant="secondary" aria-label={M.removeMember(member.email)} onClick={() => remove.mutate(member)}>
                        {M.remove}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={data!.page} totalPages={data!.totalPages} onPage={setPage} />
        </>
      )}
      {editable && <AddMember group={group} />}
    </Card>
  );
}

/** /groups/:id: a group's name, the roles it gives and its members; read-only, with the reason, when a SCIM provider owns it. */
export function GroupPage() {
  const id = matchRoute(useLocation().pathname)?.params.id ?? '';
  const group = useGroup(id);
  usePageTitle(group.data?.name ?? ROUTES.group.title);
  if (group.isPending) return <Loader />;
  if (group.isError) return <Alert kind="error">{group.error.message}</Alert>;
  const value = group.data;
  const provisioned = value.source.kind === 'scim' ? value.source.application : null;
  return (
    <div className="groups-stack">
      <p>
        <Link to={ROUTES.groups.path}>{M.back}</Link>
      </p>
      <div className="page-heading">
        <h1 className="groups-name">{value.name}</h1>
      </div>
      {provisioned !== null ? <Alert kind="info">{M.readOnly(provisioned)}</Alert> : <GroupSettings key={value.id} group={value} />}
      <GroupRoles group={value} />
      <Members group={value} editable={provisioned === null} />
    </div>
  );
}
