import { apisApi } from '@gatehouse/common/api/apis';
import { API_MESSAGES as M } from '@gatehouse/common/apis';
import { CLIENT_TYPE_LABELS } from '@gatehouse/common/applications';
import { matchRoute, ROUTES } from '@gatehouse/common/routes';
import type { ApiGrant, ProtectedApi } from '@gatehouse/common/schemas/apis';
import type { Application } from '@gatehouse/common/schemas/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { apiKeys, useApi, useApiGrants } from '../../api/api-queries.ts';
import { useApplications } from '../../api/application-queries.ts';
import { call, isApiError } from '../../api/client.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { ApiFields, bodyOf, draftOf } from './ApiForm.tsx';

import './apis.css';

/** A registered API's settings, saved in place, and its deletion (with a confirmation). */
function ApiSettings({ api }: { api: ProtectedApi }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(api));
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: () => call(apisApi.update, { params: { id: api.id }, body: bodyOf(draft) }),
    onMutate: () => setSaved(false),
    onSuccess: (updated) => {
      queryClient.setQueryData(apiKeys.one(api.id), updated);
      void queryClient.invalidateQueries({ queryKey: apiKeys.all });
      setSaved(true);
    },
  });
  const remove = useMutation({
    mutationFn: () => call(apisApi.delete, { params: { id: api.id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeys.all });
      void navigate(ROUTES.apis.path);
    },
  });
  const errors = isApiError(save.error) ? (save.error.body?.validation.errors ?? {}) : {};
  return (
    <Card title={M.settings}>
      <Form onSubmit={() => !save.isPending && save.mutate()}>
        {save.isError && Object.keys(errors).length === 0 && <Alert kind="error">{save.error.message}</Alert>}
        <ApiFields draft={draft} onChange={setDraft} errors={errors} isNew={false} />
        <div className="api-actions">
          <Button type="submit" busy={save.isPending}>
            {M.save}
          </Button>
          <Button type="button" variant="secondary" className="button-danger-outline" onClick={() => setConfirming(true)}>
            {M.delete}
          </Button>
          <ActionStatus message={saved && M.saved} />
        </div>
      </Form>
      <ConfirmDelete
        open={confirming}
        header={M.delete}
        text={M.deleteConfirm}
        button={M.delete}
        deletion={remove}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/** One application's scopes on the API: ticked and saved on its own row. */
function GrantRow({ api, application, grant }: { api: ProtectedApi; application: Application; grant: ApiGrant | undefined }) {
  const queryClient = useQueryClient();
  const [scopes, setScopes] = useState<string[]>(grant?.scopes ?? []);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => call(apisApi.setGrant, { params: { id: api.id, clientId: application.id }, body: { scopes } }),
    onMutate: () => setSaved(false),
    onSuccess: () => {
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: apiKeys.grants(api.id) });
    },
  });
  return (
    <li className="api-grant">
      <Form onSubmit={() => !save.isPending && save.mutate()} aria-label={`${M.access}: ${application.name}`}>
        <fieldset>
          <legend>
            {application.name} <span className="app-card-meta">({CLIENT_TYPE_LABELS[application.clientType]})</span>
          </legend>
          <div className="api-grant-scopes">
            {api.scopes.map((scope) => (
              <Checkbox
                key={scope.value}
                label={scope.value}
                title={scope.description}
                checked={scopes.includes(scope.value)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, scope.value] : scopes.filter((s) => s !== scope.value))}
              />
            ))}
          </div>
        </fieldset>
        {save.isError && <Alert kind="error">{save.error.message}</Alert>}
        <div className="api-actions">
          <Button type="submit" variant="secondary" busy={save.isPending}>
            {M.saveAccess}
          </Button>
          <ActionStatus message={saved && M.accessSaved} />
        </div>
      </Form>
    </li>
  );
}

function ApplicationAccess({ api }: { api: ProtectedApi }) {
  const applications = useApplications();
  const grants = useApiGrants(api.id);
  if (applications.isPending || grants.isPending) return <Loader />;
  if (applications.isError) return <Alert kind="error">{applications.error.message}</Alert>;
  if (grants.isError) return <Alert kind="error">{grants.error.message}</Alert>;
  // The management API's tokens come from client credentials: Machine to machine applications only.
  const eligible = applications.data.filter((app) => !api.builtIn || app.clientType === 'machine');
  return (
    <Card title={M.access}>
      <p>{api.builtIn ? M.managementAccessIntro : M.accessIntro}</p>
      {eligible.length === 0 || api.scopes.length === 0 ? (
        <p role="status">{M.noApplications}</p>
      ) : (
        <ul className="api-grants">
          {eligible.map((application) => (
            <GrantRow
              key={application.id}
              api={api}
              application={application}
              grant={grants.data.find((grant) => grant.clientId === application.id)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /apis/:id: an API's identifier and settings (read-only for the management API) and which applications may use it. */
export function ApiPage() {
  const id = matchRoute(useLocation().pathname)?.params.id ?? '';
  const api = useApi(id);
  usePageTitle(api.data?.name ?? ROUTES.api.title);
  if (api.isPending) return <Loader />;
  if (api.isError) return <Alert kind="error">{api.error.message}</Alert>;
  const value = api.data;
  return (
    <div className="api-stack">
      <div className="page-heading">
        <h1>{value.name}</h1>
      </div>
      {value.builtIn && <p>{M.managementIntro}</p>}
      <Card title={M.identifier}>
        <p className="api-identifier">
          <CopyField value={value.identifier} label={M.copy} name={M.identifier} />
        </p>
        <p className="field-hint">{M.identifierUse}</p>
      </Card>
      {value.builtIn ? (
        <Card title={M.scopes}>
          <dl className="facts">
            {value.scopes.map((scope) => (
              <Fragment key={scope.value}>
                <dt>
                  <code>{scope.value}</code>
                </dt>
                <dd>{scope.description}</dd>
              </Fragment>
            ))}
          </dl>
        </Card>
      ) : (
        <ApiSettings key={value.id} api={value} />
      )}
      <ApplicationAccess api={value} />
    </div>
  );
}
