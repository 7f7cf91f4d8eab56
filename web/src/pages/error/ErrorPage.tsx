import { formatDateTime, newCorrelationId } from '@gatehouse/common/format';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { call } from '../../api/client.ts';
import { firstLoadApi } from '../../api/first-load.ts';
import { queryKeys } from '../../api/queries.ts';
import { Button } from '../../components/Button.tsx';

interface Occurrence {
  correlationId: string;
  occurredAt: Date;
}

/** One correlation id per error, however often its page renders (a retry that fails again is a new error). */
const occurrences = new WeakMap<object, Occurrence>();

const reported = new WeakSet<Occurrence>();

/** True the first time it is asked about an occurrence: each is reported to the server once. */
function firstReport(occurrence: Occurrence): boolean {
  if (reported.has(occurrence)) return false;
  reported.add(occurrence);
  return true;
}

function occurrenceOf(error: unknown): Occurrence {
  const fresh = { correlationId: newCorrelationId(), occurredAt: new Date() };
  if (typeof error !== 'object' || error === null) return fresh;
  const known = occurrences.get(error);
  if (known) return known;
  occurrences.set(error, fresh);
  return fresh;
}

/**
 * The error page: what happened, when, and (for a signed-in user) the id under which it was reported,
 * with Retry, which renders the page again and fetches what failed to load. `embedded` shows it in a
 * layout's page area (the header and menus stay), not as a page of its own.
 */
export function ErrorPage({ error, embedded = false, onRetry }: { error: unknown; embedded?: boolean; onRetry?: () => void }) {
  const queryClient = useQueryClient();
  const signedIn = Boolean(queryClient.getQueryData<Account | null>(queryKeys.account));
  const [occurrence] = useState(() => occurrenceOf(error));
  const { correlationId, occurredAt } = occurrence;

  useEffect(() => {
    document.title = MESSAGES.errorPageTitle;
    if (!signedIn || !firstReport(occurrence)) return;
    const e = error instanceof Error ? error : new Error(String(error));
    call(firstLoadApi.logError, {
      body: { name: e.name, message: e.message, stack: e.stack?.slice(0, 10_000), url: window.location.href.slice(0, 2000), correlationId },
    }).catch(() => {
      // Reporting is best effort: the page must show even when the server cannot be reached.
    });
  }, [error, signedIn, correlationId, occurrence]);

  const retry = () => {
    // What failed to load is fetched again when the page renders.
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    if (onRetry) onRetry();
    else window.location.reload();
  };

  const content = (
    <>
      <h1>{MESSAGES.errorPageTitle}</h1>
      <p>{MESSAGES.errorPageText}</p>
      {signedIn && (
        <p>
          {MESSAGES.errorPageCorrelationId} <code>{correlationId}</code>
        </p>
      )}
      <p>{MESSAGES.errorPageOccurredAt(formatDateTime(occurredAt) ?? '')}</p>
      <div className="actions">
        <Button onClick={retry}>{MESSAGES.retry}</Button>
        <a href={ROUTES.home.path}>{MESSAGES.backToHome}</a>
      </div>
    </>
  );
  return embedded ? (
    <div className="message-page error-page">{content}</div>
  ) : (
    <main className="message-page error-page" id="main">
      {content}
    </main>
  );
}
