/**
 * Form plumbing shared by every page: the 1-second double-submit guard, and server validation
 * messages placed next to their fields and in the form's message area.
 */
import { MESSAGES } from '@gatehouse/common/messages';
import { LIMITS } from '@gatehouse/common/policy';
import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';
import type {
  FieldValues,
  Path,
  SubmitErrorHandler,
  SubmitHandler,
  UseFormHandleSubmit,
  UseFormSetError,
  UseFormSetFocus,
} from 'react-hook-form';

import { isApiError } from '../../api/client.ts';
import { focusAfterDialogs } from '../../components/Dialog.tsx';
import { announceSubmit } from '../../components/Form.tsx';

/** What a guarded handler answers when the page itself refused the submit (a field was invalid): nothing was sent. */
export const NOT_SENT = Symbol('not sent');

/**
 * Wraps a submit handler so a submit within one second of the previous one that was sent is ignored.
 * A submit the page refused (the handler answers NOT_SENT) does not count: the user who fixes the field
 * at once is not ignored. An ignored submit is announced at the form (Form.tsx) rather than doing
 * nothing, and is still cancelled: the browser must never send the form itself (its fields would land
 * in the URL).
 */
export function useSubmitGuard<A extends unknown[]>(handler: (...args: A) => unknown): (...args: A) => void {
  const last = useRef(-Infinity);
  return useCallback(
    (...args: A) => {
      const event = args[0] as { preventDefault?: unknown; target?: unknown } | undefined;
      if (event && typeof event.preventDefault === 'function') (event as { preventDefault: () => void }).preventDefault();
      const target = event?.target instanceof HTMLFormElement ? event.target : null;
      const now = Date.now();
      if (now - last.current < LIMITS.doubleSubmitMs) {
        if (target) announceSubmit(target, 'ignored');
        return;
      }
      if (target) announceSubmit(target, 'accepted');
      const previous = last.current;
      last.current = now;
      void Promise.resolve(handler(...args)).then(
        (outcome) => {
          if (outcome === NOT_SENT && last.current === now) last.current = previous;
        },
        () => undefined,
      );
    },
    [handler],
  );
}

/**
 * `form.handleSubmit(onValid, onInvalid)` behind the double-submit guard, where a submit refused by the
 * form's own validation does not start the guard's second.
 */
export function useFormSubmit<T extends FieldValues, O>(
  form: { handleSubmit: UseFormHandleSubmit<T, O> },
  onValid: SubmitHandler<O>,
  onInvalid?: SubmitErrorHandler<T>,
): (event?: BaseSyntheticEvent) => void {
  return useSubmitGuard((event?: BaseSyntheticEvent) => guardedHandleSubmit(form, onValid, onInvalid)(event));
}

/**
 * Runs handleSubmit and answers NOT_SENT when validation refused the submit, or when onValid answered
 * NOT_SENT itself (a rule the schema cannot hold), for handlers that decide more first.
 */
export function guardedHandleSubmit<T extends FieldValues, O>(
  form: { handleSubmit: UseFormHandleSubmit<T, O> },
  onValid: SubmitHandler<O>,
  onInvalid?: SubmitErrorHandler<T>,
): (event?: BaseSyntheticEvent) => Promise<typeof NOT_SENT | undefined> {
  return async (event) => {
    let refused = false;
    const outcome: unknown = await form.handleSubmit(onValid, (errors, e) => {
      refused = true;
      return onInvalid?.(errors, e);
    })(event);
    return refused || outcome === NOT_SENT ? NOT_SENT : undefined;
  };
}

/**
 * The message area's text and a function that turns a failed call into field and form errors. Each
 * error is shown once: at its field when it concerns one (focus moves to the first such field, whose
 * error then clears as soon as the field is valid again), in the message area otherwise.
 */
export function useServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; setFocus: UseFormSetFocus<T> },
  fields: readonly Path<T>[],
) {
  const { setError, setFocus } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const apply = useCallback(
    (error: unknown) => {
      if (!isApiError(error) || !error.body) {
        setFormError(isApiError(error) ? error.message : MESSAGES.genericError);
        return;
      }
      const entries = Object.entries(error.body.validation?.errors ?? {});
      const atFields = entries.filter(([key]) => (fields as readonly string[]).includes(key));
      for (const [key, { message }] of atFields) setError(key as Path<T>, { type: 'server', message });
      if (atFields.length > 0) focusAfterDialogs(() => setFocus(atFields[0]![0] as Path<T>));
      const elsewhere = entries.filter(([key]) => !(fields as readonly string[]).includes(key)).map(([, { message }]) => message);
      setFormError(atFields.length === 0 ? error.body.message : elsewhere.length > 0 ? elsewhere.join(' ') : null);
    },
    [fields, setError, setFocus],
  );
  return { formError, setFormError, applyServerError: apply };
}
