import { ROUTES } from '@gatehouse/common/routes';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { useNotifications } from '../notifications/notifications.tsx';

/** An application page whose application cannot be fetched says why and goes back to /applications (spec). */
export function useBackToApplicationsOnError(query: { isError: boolean; error: unknown }) {
  const navigate = useNavigate();
  const { notifyError } = useNotifications();
  const { isError, error } = query;
  useEffect(() => {
    if (isError) {
      notifyError(error, 'client');
      void navigate(ROUTES.applications.path, { replace: true });
    }
  }, [isError, error, notifyError, navigate]);
}
