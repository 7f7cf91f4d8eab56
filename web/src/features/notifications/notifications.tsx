/**
 * Notifications of spec sections 3, 4 and 8: a failed call records a notification (type, message,
 * timestamp) that is shown in a polite live region until dismissed or 8 seconds pass.
 */
import { MESSAGES } from '@gatehouse/common/messages';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

import { isApiError, NETWORK_FAILURE } from '../../api/client.ts';

export type NotificationType = 'error' | 'usernotfound' | 'clientnotfound' | 'success' | 'info';

export interface Notification {
  id: number;
  type: NotificationType;
  message: string;
  timestamp: number;
}

// Getters: the texts are read in the page's language when shown, not when this module loads.
const DEFAULT_MESSAGES: Partial<Record<NotificationType, string>> = {
  get error() {
    return MESSAGES.genericError;
  },
  get usernotfound() {
    return MESSAGES.userNotFound;
  },
  get clientnotfound() {
    return MESSAGES.clientNotFound;
  },
};

interface NotificationsApi {
  notify(type: NotificationType, message?: string): void;
  /** Records the right notification for a failed call: network, 404 of a user or client, or other. */
  notifyError(error: unknown, subject?: 'user' | 'client'): void;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);
const VISIBLE_MS = 8000;
let nextId = 1;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback(
    (type: NotificationType, message?: string) => {
      const item = {
        id: nextId++,
        type,
        message: message ?? DEFAULT_MESSAGES[type] ?? MESSAGES.notificationReceived,
        timestamp: Date.now(),
      };
      setItems((list) => [...list.slice(-4), item]);
      window.setTimeout(() => dismiss(item.id), VISIBLE_MS);
    },
    [dismiss],
  );
  const notifyError = useCallback(
    (error: unknown, subject?: 'user' | 'client') => {
      if (isApiError(error, 404) && subject) notify(subject === 'user' ? 'usernotfound' : 'clientnotfound');
      else if (isApiError(error, NETWORK_FAILURE)) notify('error', MESSAGES.networkError);
      else notify('error', isApiError(error) && error.status < 500 ? error.message : MESSAGES.genericError);
    },
    [notify],
  );
  const api = useMemo(() => ({ notify, notifyError }), [notify, notifyError]);
  return (
    <NotificationsContext value={api}>
      {children}
      <div className="notifications" role="status" aria-live="polite">
        {items.map((item) => (
          <div
            key={item.id}
            className={`notification notification-${item.type === 'success' || item.type === 'info' ? item.type : 'error'}`}
          >
            <span>{item.message}</span>
            <button type="button" className="icon-button" onClick={() => dismiss(item.id)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Dismiss</span>
            </button>
          </div>
        ))}
      </div>
    </NotificationsContext>
  );
}

export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications is used outside NotificationsProvider');
  return api;
}
