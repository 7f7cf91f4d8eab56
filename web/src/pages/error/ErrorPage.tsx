import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime, newCorrelationId } from '@gatehouse/common/format';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { call } from '../../api/client.ts';
import { firstLoadApi } from '../../api/first-load.ts';
import { queryKeys } from '../../api/queries.ts';

/** The root error page: what happened, when, and (for a signed-in user) the id under which it was reported. */
export function ErrorPage({ error }: { error: unknown }) {
  const queryClient = useQueryClient();
  const signedIn = Boolean(queryClient.getQueryData<Account | null>(queryKeys.account));
  const [{ correlationId, occurredAt }] = useState(() => ({ correlationId: newCorrelationId(), occurredAt: new Date() }));

  useEffect(() => {
    document.title = MESSAGES.errorPageTitle;
    if (!signedIn) return;
    const e = error instanceof Error ? error : new Error(String(error));
    call(firstLoadApi.logError, {
      body: { name: e.name, message: e.message, stack: e.stack?.slice(0, 10_000), url: window.location.href.slice(0, 2000), correlationId },
    }).catch(() => {
      // Reporting is best effort: the page must show even when the server cannot be reached.
    });
  }, [error, signedIn, correlationId]);

  return (
    <main className="message-page" id="main">
      <h1>{MESSAGES.errorPageTitle}</h1>
      <p>{MESSAGES.errorPageText}</p>
      {signedIn && (
        <p>
          Correlation ID: <code>{correlationId}</code>
        </p>
      )}
      <p>Occurred at {formatDateTime(occurredAt)}</p>
      <a href={ROUTES.home.path}>{MESSAGES.backToHome}</a>
    </main>
  );
}
