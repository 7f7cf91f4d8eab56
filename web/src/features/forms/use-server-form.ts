/**
 * Form plumbing shared by every page: the 1-second double-submit guard, and server validation
 * messages placed next to their fields and in the form's message area.
 */
import { useCallback, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { LIMITS } from '@gatehouse/common/policy';
import { MESSAGES } from '@gatehouse/common/messages';
import { isApiError } from '../../api/client.ts';

/**
 * Wraps a submit handler so a second submit within one second of the previous is ignored. An ignored
 * submit is still cancelled: the browser must never send the form itself (its fields would land in the URL).
 */
export function useSubmitGuard<A extends unknown[]>(handler: (...args: A) => unknown): (...args: A) => void {
  const last = useRef(0);
  return useCallback(
    (...args: A) => {
      const event = args[0] as { preventDefault?: unknown } | undefined;
      if (event && typeof event.preventDefault === 'function') (event as { preventDefault: () => void }).preventDefault();
      const now = Date.now();
      if (now - last.current < LIMITS.doubleSubmitMs) return;
      last.current = now;
      void handler(...args);
    },
    [handler],
  );
}

/** The message area's text and a function that turns a failed call into field and form errors. */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const [formError, setFormError] = useState<string | null>(null);
  const apply = useCallback(
    (error: unknown) => {
      if (!isApiError(error) || !error.body) {
        setFormError(isApiError(error) ? error.message : MESSAGES.genericError);
        return;
      }
      const errors = error.body.validation?.errors ?? {};
      for (const [key, { message }] of Object.entries(errors)) {
        if ((fields as readonly string[]).includes(key)) setError(key as Path<T>, { type: 'server', message });
      }
      setFormError(error.body.message);
    },
    [fields, setError],
  );
  return { formError, setFormError, applyServerError: apply };
}
