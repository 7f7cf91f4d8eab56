import { QUICK_START_MESSAGES as M, quickStarts } from '@gatehouse/common/quick-start';
import type { Application } from '@gatehouse/common/schemas/applications';
import { type KeyboardEvent, useRef, useState } from 'react';

import { useOpenIdConfiguration } from '../../api/application-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { Loader } from '../../components/Loader.tsx';

import './quick-start.css';

const COPY = 'Copy';
const COPIED = 'Copied';

/**
 * "Quick start": one tab per framework with the application's own issuer, client id and redirect URI
 * filled in (common/src/quick-start.ts writes the code; the test suite runs the same text), the
 * install command and the code, each copyable, and what to do first. Tabs follow the WAI-ARIA tabs
 * pattern: arrow keys, Home and End move between frameworks.
 */
export function QuickStartCard({
  app,
  id,
}: {
  app: Pick<Application, 'id' | 'clientType' | 'tokenEndpointAuthMethod' | 'redirectURIs'>;
  id?: string;
}) {
  const config = useOpenIdConfiguration();
  const [current, setCurrent] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (config.isPending)
    return (
      <Card title={M.title} id={id}>
        <Loader />
      </Card>
    );
  if (config.isError)
    return (
      <Card title={M.title} id={id}>
        <Alert kind="error">{config.error.message}</Alert>
      </Card>
    );
  const starts = quickStarts({
    issuer: config.data.issuer,
    clientId: app.id,
    clientType: app.clientType,
    tokenEndpointAuthMethod: app.tokenEndpointAuthMethod,
    redirectURIs: app.redirectURIs,
  });
  const shown = starts[current]!;
  const select = (index: number) => {
    const next = (index + starts.length) % starts.length;
    setCurrent(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: starts.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]!);
  };
  return (
    <Card title={M.title} id={id} className="quick-start">
      <p className="field-hint">{M.intro}</p>
      <div role="tablist" aria-label={M.frameworks} className="quick-start-tabs" onKeyDown={onKeyDown}>
        {starts.map((start, index) => (
          <button
            key={start.framework}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`quick-start-tab-${start.framework}`}
            aria-selected={index === current}
            aria-controls={`quick-start-panel-${start.framework}`}
            tabIndex={index === current ? 0 : -1}
            className="quick-start-tab"
            onClick={() => setCurrent(index)}
          >
            {start.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`quick-start-panel-${shown.framework}`}
        aria-labelledby={`quick-start-tab-${shown.framework}`}
        className="quick-start-panel"
      >
        {shown.notes.length > 0 && (
          <ul className="quick-start-notes">
            {shown.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        <dl className="facts">
          <dt>{M.install}</dt>
          <dd>
            <CopyField value={shown.install} name={`${M.install} ${shown.label}`} />
          </dd>
        </dl>
        <div className="quick-start-code-heading">
          <span className="quick-start-file">{shown.fileName}</span>
          <CopyCode code={shown.code} name={`${shown.label} ${M.copyCode}`} />
        </div>
        {/* Focusable: a keyboard scrolls the wide lines sideways. */}
        <pre className="quick-start-code" tabIndex={0} aria-label={`${shown.label}: ${shown.fileName}`}>
          <code>{shown.code}</code>
        </pre>
      </div>
    </Card>
  );
}

/** Copies a block of code; success is said on the button and to screen readers. */
function CopyCode({ code, name }: { code: string; name: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const done = copied === code;
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        aria-label={`${done ? COPIED : COPY} ${name}`}
        onClick={() =>
          void navigator.clipboard?.writeText(code).then(
            () => setCopied(code),
            () => setCopied(null),
          )
        }
      >
        {done ? COPIED : COPY}
      </button>
      <span role="status" className="visually-hidden">
        {done ? `${COPIED} ${name}` : ''}
      </span>
    </>
  );
}
