import { auditApi } from '@gatehouse/common/api/audit';
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES, AUDIT_MESSAGES as M } from '@gatehouse/common/audit';
import { formatDateTime } from '@gatehouse/common/format';
import { ROUTES } from '@gatehouse/common/routes';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';

import { type AuditFilters, useAuditLog } from '../../api/audit-queries.ts';
import { urlOf } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AuditTable } from '../../features/audit/AuditTable.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/audit/audit.css';

const DAY = 24 * 60 * 60 * 1000;
const TYPE_OPTIONS = [
  { value: '', label: M.allEvents },
  ...AUDIT_EVENT_TYPES.map((type) => ({ value: type, label: AUDIT_EVENT_LABELS[type] })),
];

/** A date field's value (yyyy-mm-dd, the browser's day) as epoch milliseconds at the day's start. */
const dayStart = (value: string): number | undefined => (value ? new Date(`${value}T00:00:00`).getTime() : undefined);

/** /audit: the organisation's audit log, filtered by event, user and dates, with older pages on demand and exports. */
export function AuditLogPage() {
  usePageTitle(ROUTES.audit.title);
  // The filters live in the address too: a reload, Back or a shared link shows the same events.
  const [initial, setSearchParams] = useSearchParams();
  const [form, setForm] = useState({
    type: initial.get('type') ?? '',
    who: initial.get('who') ?? '',
    from: initial.get('from') ?? '',
    to: initial.get('to') ?? '',
  });
  const [filters, setFilters] = useState<AuditFilters>(() => toFilters(form));
  const log = useAuditLog(filters);

  function toFilters(values: typeof form): AuditFilters {
    const to = dayStart(values.to);
    return {
      type: values.type || undefined,
      who: values.who.trim() || undefined,
      from: dayStart(values.from),
      to: to === undefined ? undefined : to + DAY,
    };
  }
  const show = (values: typeof form) => {
    setFilters(toFilters(values));
    const kept = Object.entries({ ...values, who: values.who.trim() }).filter(([, value]) => value !== '');
    setSearchParams(new URLSearchParams(kept), { replace: true });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    show(form);
  };
  const clear = () => {
    const empty = { type: '', who: '', from: '', to: '' };
    setForm(empty);
    show(empty);
  };
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <>
      <div className="page-heading">
        <h1>{ROUTES.audit.title}</h1>
      </div>
      <p>{M.intro}</p>
      <Form className="card audit-filters" onSubmit={apply} aria-label="Filters">
        <Select label={M.eventType} options={TYPE_OPTIONS} value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value })} />
        <TextField
          label={M.user}
          hint={M.userHint}
          type="search"
          value={form.who}
          onChange={(e) => setForm({ ...form, who: e.target.value })}
        />
        <TextField label={M.from} type="date" value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
        <TextField label={M.to} type="date" value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
        <div className="audit-filter-actions">
          <Button type="submit">{M.show}</Button>
          <Button type="button" variant="secondary" onClick={clear}>
            {M.clear}
          </Button>
        </div>
      </Form>
      <p className="audit-exports">
        <a className="button button-secondary" href={urlOf(auditApi.export, { query: { ...filters, format: 'csv' } })} download>
          {M.exportCsv}
        </a>{' '}
        <a className="button button-secondary" href={urlOf(auditApi.export, { query: { ...filters, format: 'json' } })} download>
          {M.exportJson}
        </a>{' '}
        <span className="field-hint">{M.exportHint}</span>
      </p>
      {log.isPending ? (
        <Loader />
      ) : log.isError ? (
        <Alert kind="error">{log.error.message}</Alert>
      ) : events.length === 0 ? (
        <div className="card empty-state" role="status">
          <p>{M.none}</p>
        </div>
      ) : (
        <>
          <AuditTable events={events} caption={ROUTES.audit.title} formatTime={(at) => formatDateTime(at) ?? ''} />
          {log.hasNextPage && (
            <p>
              <Button type="button" variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {M.loadMore}
              </Button>
            </p>
          )}
        </>
      )}
    </>
  );
}
