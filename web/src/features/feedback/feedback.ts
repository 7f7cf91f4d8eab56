/**
 * One feedback system for the screens' actions: an action's success shows where the action
 * was (an ActionStatus beside its button, a polite live region) and is cleared as soon as the next
 * action starts anywhere on the page, so a message never outlives the state it describes. A success
 * that leads to another page (adding or deleting a user) is handed to that page as a flash.
 */
import { useCallback, useEffect, useState } from 'react';

type Listener = (source: symbol) => void;
const listeners = new Set<Listener>();

/** Tells every shown success that another action has started (the one that started keeps its own). */
function actionStarted(source: symbol): void {
  for (const listener of listeners) listener(source);
}

export interface ActionFeedback {
  /** The success to show beside the action, or null. */
  message: string | null;
  /** Call when the action starts: clears this and every other shown success. */
  start: () => void;
  /** Call when the action succeeded. */
  succeed: (message: string) => void;
}

export function useActionFeedback(): ActionFeedback {
  const [source] = useState(() => Symbol('action'));
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const listener: Listener = (from) => {
      if (from !== source) setMessage(null);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [source]);
  const start = useCallback(() => {
    setMessage(null);
    actionStarted(source);
  }, [source]);
  return { message, start, succeed: setMessage };
}

let flash: { path: string; message: string } | null = null;

/** Hands a success to the page at `path`, which shows it once (useFlash) when it opens next. */
export function flashOn(path: string, message: string): void {
  flash = { path, message };
}

/** The success handed to this page by the action that led here, shown until the next action starts. */
export function useFlash(path: string): ActionFeedback {
  const feedback = useActionFeedback();
  const [initial] = useState(() => (flash?.path === path ? flash.message : null));
  const { succeed } = feedback;
  useEffect(() => {
    if (initial === null) return;
    if (flash?.path === path) flash = null;
    succeed(initial);
  }, [initial, path, succeed]);
  return feedback;
}
