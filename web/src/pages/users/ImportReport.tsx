import { importsApi } from '@gatehouse/common/api/imports';
import { IMPORT_SCREEN_MESSAGES as M } from '@gatehouse/common/import-messages';
import type { ImportJob } from '@gatehouse/common/schemas/imports';
import type { ReactNode } from 'react';

import { urlOf } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Loader } from '../../components/Loader.tsx';

/** A check (dry run): under way, or what the import would do, the refused rows and the way on (`children`). */
export function CheckReport({ job, children }: { job: ImportJob; children: ReactNode }) {
  if (job.status === 'queued' || job.status === 'running') return <Loader label={M.checking} />;
  return (
    <section className="import-report" aria-labelledby={`import-check-${job.id}`}>
      <h2 id={`import-check-${job.id}`}>{M.checkedHeading}</h2>
      {job.status === 'failed' ? (
        <Alert kind="error">{M.failed(job.error ?? '')}</Alert>
      ) : (
        <>
          <div role="status">
            <ul className="import-counts">
              <li>{M.wouldCreate(job.created)}</li>
              <li>{M.wouldUpdate(job.updated)}</li>
              <li>{M.wouldRefuse(job.refusedCount)}</li>
            </ul>
          </div>
          <NotCarried job={job} />
          <RefusedRows job={job} />
          {job.created + job.updated > 0 && children}
        </>
      )}
    </section>
  );
}

/** A run that has ended: what it did, or why it stopped, and its refused rows. */
export function RunReport({ job }: { job: ImportJob }) {
  return (
    <section className="import-report" aria-labelledby={`import-run-${job.id}`}>
      <h2 id={`import-run-${job.id}`}>{M.finishedHeading}</h2>
      {job.status === 'failed' && <Alert kind="error">{M.failed(job.error ?? '')}</Alert>}
      <div role="status">
        <ul className="import-counts">
          <li>{M.created(job.created)}</li>
          <li>{M.updated(job.updated)}</li>
          <li>{M.refused(job.refusedCount)}</li>
        </ul>
      </div>
      <NotCarried job={job} />
      <RefusedRows job={job} />
    </section>
  );
}

function NotCarried({ job }: { job: ImportJob }) {
  const kinds = Object.entries(job.notCarried);
  if (kinds.length === 0) return null;
  return (
    <>
      <h3>{M.notCarriedHeading}</h3>
      <ul>
        {kinds.map(([kind, count]) => (
          <li key={kind}>
            {kind}: {count}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The first refused rows with why, and all of them as CSV. */
function RefusedRows({ job }: { job: ImportJob }) {
  if (job.refusedCount === 0) return null;
  return (
    <>
      <h3>{M.refusedHeading}</h3>
      <table className="data-table import-refused">
        <caption className="visually-hidden">{M.refusedCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.row}</th>
            <th scope="col">{M.email}</th>
            <th scope="col">{M.reason}</th>
          </tr>
        </thead>
        <tbody>
          {job.refused.map((refusal) => (
            <tr key={refusal.row}>
              <td data-label={M.row}>{refusal.row}</td>
              <td data-label={M.email}>{refusal.email ?? ''}</td>
              <td data-label={M.reason}>{refusal.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {job.refused.length < job.refusedCount && <p className="field-hint">{M.refusedMore(job.refused.length, job.refusedCount)}</p>}
      <p>
        <a className="button button-secondary" href={urlOf(importsApi.refused, { params: { id: job.id } })} download>
          {M.downloadRefused}
        </a>
      </p>
    </>
  );
}
