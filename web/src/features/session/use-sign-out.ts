import { accountApi } from '@gatehouse/common/api/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROUTES } from '@gatehouse/common/routes';
import { call } from '../../api/client.ts';
import { setSignedOut } from '../../api/queries.ts';

/** Signs out on the server, forgets the user's data in the SPA and returns to the sign-in page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(accountApi.signOut),
    onSettled: () => {
      setSignedOut(queryClient);
      void navigate(ROUTES.home.path, { replace: true });
    },
  });
}
