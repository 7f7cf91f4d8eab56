import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API, ROUTES } from '@gatehouse/common/routes';
import { api } from '../../api/client.ts';
import { setSignedOut } from '../../api/queries.ts';

/** Signs out on the server, forgets the user's data in the SPA and returns to the sign-in page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<void>(API.signout, { method: 'POST' }),
    onSettled: () => {
      setSignedOut(queryClient);
      void navigate(ROUTES.home.path, { replace: true });
    },
  });
}
