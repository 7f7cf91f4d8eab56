import { Link } from 'react-router';
import { APPLICATION_MESSAGES as M, CLIENT_TYPE_LABELS } from '@gatehouse/common/applications';
import { MESSAGES } from '@gatehouse/common/messages';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import type { Application } from '@gatehouse/common/schemas/applications';
import { useApplications } from '../../api/application-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { DataView, type DataColumn } from '../../components/DataView.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ApplicationLogo } from '../../features/applications/ApplicationLogo.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import '../../features/applications/applications.css';

const COLUMNS: DataColumn<Application>[] = [
  { header: M.name, cell: (app) => <Link to={routePath('application', { id: app.id })}>{app.name}</Link> },
  { header: M.clientType, cell: (app) => CLIENT_TYPE_LABELS[app.clientType] },
  {
    header: M.clientId,
    cell: (app) => <CopyField value={app.id} name={`${M.clientId} ${app.name}`} />,
  },
];

/** /applications: the organisation's applications, by name, each linking to its settings. */
export function ApplicationsPage() {
  usePageTitle(ROUTES.applications.title);
  const applications = useApplications();
  return (
    <>
      <div className="page-heading">
        <h1>{M.manageApplications}</h1>
        <Link className="button button-primary" to={ROUTES.addApplication.path}>
          {M.add}
        </Link>
      </div>
      {applications.isPending ? (
        <Loader />
      ) : applications.isError ? (
        <Alert kind="error">{applications.error.message}</Alert>
      ) : applications.data.length === 0 ? (
        <div className="card empty-state">
          <p>{MESSAGES.noApplications}</p>
          <p>
            <Link to={ROUTES.addApplication.path}>{M.addFirstApplication}</Link>
          </p>
        </div>
      ) : (
        <DataView
          items={applications.data}
          columns={COLUMNS}
          rowKey={(app) => app.id}
          caption={ROUTES.applications.title}
          filterLabel={M.filterLabel}
          filterText={(app) => `${app.name} ${app.id}`}
          noMatchText={M.noMatchingApplications}
          tile={(app) => (
            <Link className="app-card" to={routePath('application', { id: app.id })}>
              <ApplicationLogo app={app} />
              <span className="app-card-name">{app.name}</span>
              <span className="app-card-meta">{CLIENT_TYPE_LABELS[app.clientType]}</span>
            </Link>
          )}
        />
      )}
    </>
  );
}
