import { ROUTES } from '@gatehouse/common/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { firstLoadApi } from '../../api/first-load.ts';
import { setSignedOut } from '../../api/queries.ts';

/** Signs out on the server, forgets the user's data in the SPA and returns to the sign-in page (by way of the SAML applications' logout when there is one). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(firstLoadApi.signOut),
    onSettled: (answer) => {
      setSignedOut(queryClient);
      // The session's SAML applications are told by a full navigation through the logout address
      // (each gets its LogoutRequest), which lands on the sign-in page as well.
      if (answer?.samlLogout) window.location.assign(answer.samlLogout);
      else void navigate(ROUTES.home.path, { replace: true });
    },
  });
}
