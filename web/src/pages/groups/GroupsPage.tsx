import { groupsApi } from '@gatehouse/common/api/groups';
import { formatNumber } from '@gatehouse/common/format';
import { GROUP_LIMITS, GROUP_MESSAGES as M } from '@gatehouse/common/groups';
import { LIMITS } from '@gatehouse/common/policy';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import type { Group } from '@gatehouse/common/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { call, isApiError } from '../../api/client.ts';
import { groupKeys, useGroupList } from '../../api/group-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDebouncedValue } from '../../features/forms/use-debounced-value.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { Pager, SearchField } from './Pager.tsx';

import './groups.css';

const groupPath = (id: string) => routePath('group', { id });

function AddGroup() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => call(groupsApi.create, { body: { name } }),
    onSuccess: (group) => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      void navigate(groupPath(group.id));
    },
  });
  const errors = isApiError(create.error) ? (create.error.body?.validation.errors ?? {}) : {};
  return (
    <Card title={M.addHeading}>
      <Form onSubmit={() => !create.isPending && create.mutate()}>
        {create.isError && !errors.name && <Alert kind="error">{create.error.message}</Alert>}
        <TextField
          label={M.name}
          name="name"
          value={name}
          maxLength={GROUP_LIMITS.nameMax}
          onChange={(event) => setName(event.target.value)}
          error={errors.name?.message}
        />
        <Button type="submit" busy={create.isPending}>
          {M.add}
        </Button>
      </Form>
    </Card>
  );
}

function GroupsTable({ groups }: { groups: Group[] }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">{ROUTES.groups.title}</caption>
      <thead>
        <tr>
          <th scope="col">{M.name}</th>
          <th scope="col">{M.memberCount}</th>
          <th scope="col">{M.managedBy}</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.id}>
            <td data-label={M.name} className="groups-name">
              <Link to={groupPath(group.id)}>{group.name}</Link>
            </td>
            <td data-label={M.memberCount}>{formatNumber(group.memberCount)}</td>
            <td data-label={M.managedBy}>{group.source.kind === 'scim' ? group.source.application : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /groups: the organisation's groups by name, searched by the start of the name, a page at a time, and a form to add one. */
export function GroupsPage() {
  usePageTitle(ROUTES.groups.title);
  const searchId = useId();
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(term.trim().toLowerCase(), LIMITS.searchDebounceMs);
  const groups = useGroupList(search, page);
  const data = groups.data;
  return (
    <div className="groups-stack">
      <div className="page-heading">
        <h1>{M.listHeading}</h1>
      </div>
      <p>{M.intro}</p>
      <SearchField
        id={searchId}
        label={M.searchLabel}
        placeholder={M.searchPlaceholder}
        value={term}
        onChange={(value) => {
          setTerm(value);
          setPage(1);
        }}
      />
      {groups.isPending ? (
        <Loader />
      ) : groups.isError ? (
        <div>
          <Alert kind="error">{M.listFailed}</Alert>
          <Button variant="secondary" onClick={() => void groups.refetch()}>
            {M.retry}
          </Button>
        </div>
      ) : data!.items.length === 0 ? (
        <p role="status">{search ? M.noMatches : M.noGroups}</p>
      ) : (
        <>
          <GroupsTable groups={data!.items} />
          <Pager page={data!.page} totalPages={data!.totalPages} onPage={setPage} />
        </>
      )}
      <AddGroup />
    </div>
  );
}
