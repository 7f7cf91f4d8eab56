import { accountApi } from '@gatehouse/common/api/account';
import { useMutation } from '@tanstack/react-query';

import { call } from '../../api/client.ts';

/** Sends the signed-in user's verification email again (POST /api/account/resendverification). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => call(accountApi.resendVerification) });
}
