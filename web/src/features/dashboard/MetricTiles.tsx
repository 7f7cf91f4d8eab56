import { DASHBOARD_MESSAGES, starterPackagePercent } from '@gatehouse/common/dashboard';
import { formatNumber } from '@gatehouse/common/format';
import { LIMITS, TIER_LABELS } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import type { Metrics } from '@gatehouse/common/schemas/metrics';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { Link } from 'react-router';

import { useMetrics } from '../../api/metrics-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Meter } from '../../components/Meter.tsx';

import './dashboard.css';

type Figure = { label: string; value: number | undefined };

/** One tile: its title links to where the figures can be acted on; the window says which period they cover. */
function Tile({ title, to, window, figures }: { title: string; to: string; window: string; figures: Figure[] }) {
  return (
    <section className="card metric-tile" aria-label={title}>
      <h2 className="card-title">
        <Link to={to}>{title}</Link>
      </h2>
      <p className="metric-window">{window}</p>
      <dl className="metric-figures">
        {figures.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{formatNumber(f.value ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The admin dashboard's figures: Activity and Accounts with their MFA (to /users), Applications (Organisation Admin
 * only; to /applications, or /applications/add when there are none yet), and the organisation's tier,
 * hostname and starter package bar.
 */
export function MetricTiles({ user, org }: { user: Account; org: PublicOrganisation }) {
  const metrics = useMetrics();
  if (metrics.isPending) return <Loader />;
  if (metrics.isError) return <Alert kind="error">{DASHBOARD_MESSAGES.metricsUnavailable}</Alert>;
  const m: Metrics = metrics.data;
  return (
    <>
      <div className="metric-tiles">
        <Tile
          title={DASHBOARD_MESSAGES.activity}
          to={ROUTES.users.path}
          window={DASHBOARD_MESSAGES.last24Hours}
          figures={[
            { label: DASHBOARD_MESSAGES.signIns, value: m.signIns },
            { label: DASHBOARD_MESSAGES.failedSignIns, value: m.failedSignIns },
            { label: DASHBOARD_MESSAGES.abandonedSignIns, value: m.abandonedSignIns },
          ]}
        />
        <Tile
          title={DASHBOARD_MESSAGES.accounts}
          to={ROUTES.users.path}
          window={DASHBOARD_MESSAGES.allTime}
          figures={[
            { label: DASHBOARD_MESSAGES.registeredUsers, value: m.registeredUsers },
            { label: DASHBOARD_MESSAGES.signedUpUsers, value: m.signedUpUsers },
            { label: DASHBOARD_MESSAGES.pendingUsers, value: m.pendingUsers },
            // People with at least one second factor, and by kind (one person may count under several).
            { label: DASHBOARD_MESSAGES.mfaUsers, value: m.mfaUsers },
            { label: DASHBOARD_MESSAGES.mfaApp, value: m.mfaByKind.app },
            { label: DASHBOARD_MESSAGES.mfaSms, value: m.mfaByKind.sms },
            { label: DASHBOARD_MESSAGES.mfaEmail, value: m.mfaByKind.email },
            { label: DASHBOARD_MESSAGES.mfaPasskey, value: m.mfaByKind.passkey },
          ]}
        />
        {user.role === 'OrganisationAdministrator' && (
          <Tile
            title={DASHBOARD_MESSAGES.applications}
            to={user.clients.length > 0 ? ROUTES.applications.path : ROUTES.addApplication.path}
            window={DASHBOARD_MESSAGES.last24Hours}
            figures={[
              { label: DASHBOARD_MESSAGES.clients, value: m.clients },
              { label: DASHBOARD_MESSAGES.authCodeFlows, value: m.authCodeFlows },
              { label: DASHBOARD_MESSAGES.unusedCodes, value: m.unusedCodes },
            ]}
          />
        )}
      </div>
      <section className="card dashboard-section" aria-label={DASHBOARD_MESSAGES.organisation}>
        <h2 className="card-title">{DASHBOARD_MESSAGES.organisation}</h2>
        <dl className="facts">
          <dt>{DASHBOARD_MESSAGES.tier}</dt>
          <dd>{TIER_LABELS[org.tier]}</dd>
          <dt>{DASHBOARD_MESSAGES.hostname}</dt>
          <dd>{org.hostname}</dd>
        </dl>
        {org.tier === 'starter' && (
          <Meter
            label={DASHBOARD_MESSAGES.starterPackage}
            value={starterPackagePercent(m.registeredUsers)}
            valueText={DASHBOARD_MESSAGES.starterUsage(m.registeredUsers)}
            tone={
              m.registeredUsers >= LIMITS.starterPackageUsers ? 'low' : starterPackagePercent(m.registeredUsers) >= 80 ? 'medium' : 'high'
            }
          />
        )}
      </section>
    </>
  );
}
