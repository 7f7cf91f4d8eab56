import { APPLICATION_MESSAGES as M, CLIENT_TYPE_LABELS } from '@gatehouse/common/applications';
import { MESSAGES } from '@gatehouse/common/messages';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import { SAML_APP_SCREEN_MESSAGES as S } from '@gatehouse/common/saml-apps';
import { Link } from 'react-router';

import { useApplications } from '../../api/application-queries.ts';
import { useSamlApplications } from '../../api/saml-app-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { type DataColumn, DataView } from '../../components/DataView.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ApplicationLogo } from '../../features/applications/ApplicationLogo.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';

/** One row of the list: an OpenID Connect or a SAML application. */
interface Row {
  id: string;
  name: string;
  kind: string;
  logoID: string | null;
  path: string;
}

const COLUMNS: DataColumn<Row>[] = [
  { header: M.name, cell: (app) => <Link to={app.path}>{app.name}</Link> },
  { header: M.clientType, cell: (app) => app.kind },
  {
    header: M.clientId,
    cell: (app) => <CopyField value={app.id} name={`${M.clientId} ${app.name}`} />,
  },
];

const byName = (a: Row, b: Row) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** /applications: the organisation's applications, OpenID Connect and SAML, by name, each linking to its settings. */
export function ApplicationsPage() {
  usePageTitle(ROUTES.applications.title);
  const applications = useApplications();
  const samlApplications = useSamlApplications();
  const failed = applications.error ?? samlApplications.error;
  const rows: Row[] = [
    ...(applications.data ?? []).map((app) => ({
      id: app.id,
      name: app.name,
      kind: CLIENT_TYPE_LABELS[app.clientType],
      logoID: app.logoID,
      path: routePath('application', { id: app.id }),
    })),
    ...(samlApplications.data ?? []).map((app) => ({
      id: app.id,
      name: app.name,
      kind: S.kind,
      logoID: app.logoID,
      path: routePath('samlApplication', { id: app.id }),
    })),
  ].sort(byName);
  return (
    <>
      <div className="page-heading">
        <h1>{M.manageApplications}</h1>
        <div className="actions page-heading-actions">
          <Link className="button button-primary" to={ROUTES.addApplication.path}>
            {M.add}
          </Link>
          <Link className="button button-secondary" to={ROUTES.addSamlApplication.path}>
            {S.addSaml}
          </Link>
        </div>
      </div>
      {applications.isPending || samlApplications.isPending ? (
        <Loader />
      ) : failed ? (
        <Alert kind="error">{failed.message}</Alert>
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <p>{MESSAGES.noApplications}</p>
          <p>
            <Link to={ROUTES.addApplication.path}>{M.addFirstApplication}</Link>
          </p>
        </div>
      ) : (
        <DataView
          items={rows}
          columns={COLUMNS}
          rowKey={(app) => app.id}
          caption={ROUTES.applications.title}
          filterLabel={M.filterLabel}
          filterText={(app) => `${app.name} ${app.id}`}
          noMatchText={M.noMatchingApplications}
          tile={(app) => (
            <Link className="app-card" to={app.path}>
              <ApplicationLogo app={app} />
              <span className="app-card-name">{app.name}</span>
              <span className="app-card-meta">{app.kind}</span>
            </Link>
          )}
        />
      )}
    </>
  );
}
