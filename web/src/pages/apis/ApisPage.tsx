import { apisApi } from '@gatehouse/common/api/apis';
import { API_MESSAGES as M } from '@gatehouse/common/apis';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import type { ProtectedApi } from '@gatehouse/common/schemas/apis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { apiKeys, useApis } from '../../api/api-queries.ts';
import { call, isApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { type DataColumn, DataView } from '../../components/DataView.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { ApiFields, bodyOf, draftOf } from './ApiForm.tsx';

import './apis.css';

const nameCell = (api: ProtectedApi) => (
  <>
    <Link to={routePath('api', { id: api.id })}>{api.name}</Link>
    {api.builtIn && <span className="badge">{M.builtIn}</span>}
  </>
);

const COLUMNS: DataColumn<ProtectedApi>[] = [
  { header: M.name, cell: nameCell },
  {
    header: M.identifier,
    cell: (api) => <CopyField value={api.identifier} label={M.copy} name={`${M.identifier} ${api.name}`} />,
  },
  { header: M.scopes, cell: (api) => api.scopes.length },
];

function AddApi() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(draftOf());
  const create = useMutation({
    mutationFn: () => call(apisApi.create, { body: { ...bodyOf(draft), identifier: draft.identifier } }),
    onSuccess: (api) => {
      void queryClient.invalidateQueries({ queryKey: apiKeys.all });
      void navigate(routePath('api', { id: api.id }));
    },
  });
  const errors = isApiError(create.error) ? (create.error.body?.validation.errors ?? {}) : {};
  const fieldErrors = Object.keys(errors).length > 0;
  return (
    <Card title={M.addHeading}>
      <Form onSubmit={() => !create.isPending && create.mutate()}>
        {create.isError && !fieldErrors && <Alert kind="error">{create.error.message}</Alert>}
        <ApiFields draft={draft} onChange={setDraft} errors={errors} isNew />
        <Button type="submit" busy={create.isPending}>
          {M.create}
        </Button>
      </Form>
    </Card>
  );
}

/** /apis: the organisation's protected APIs, the management API first, and a form to add one. */
export function ApisPage() {
  usePageTitle(ROUTES.apis.title);
  const apis = useApis();
  return (
    <div className="api-stack">
      <div className="page-heading">
        <h1>{ROUTES.apis.title}</h1>
      </div>
      <p>{M.intro}</p>
      {apis.isPending ? (
        <Loader />
      ) : apis.isError ? (
        <Alert kind="error">{apis.error.message}</Alert>
      ) : (
        <DataView
          items={apis.data}
          columns={COLUMNS}
          rowKey={(api) => api.id}
          caption={ROUTES.apis.title}
          filterLabel={M.filterLabel}
          filterText={(api) => `${api.name} ${api.identifier}`}
          noMatchText={M.noMatch}
          tile={(api) => (
            <Link className="app-card" to={routePath('api', { id: api.id })}>
              <span className="app-card-name">{api.name}</span>
              <span className="app-card-meta">{api.identifier}</span>
            </Link>
          )}
        />
      )}
      {apis.data?.length === 1 && <p className="field-hint">{M.none}</p>}
      <AddApi />
    </div>
  );
}
