import { ROUTES } from '@gatehouse/common/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { firstLoadApi } from '../../api/first-load.ts';
import { setSignedOut } from '../../api/queries.ts';

/** Signs out on the server, forgets the user's data in the SPA and returns to the sign-in page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(firstLoadApi.signOut),
    onSettled: () => {
      setSignedOut(queryClient);
      void navigate(ROUTES.home.path, { replace: true });
    },
  });
}
