import { useMutation } from '@tanstack/react-query';
import { API } from '@gatehouse/common/routes';
import type { MessageResult } from '@gatehouse/common/schemas/account';
import { api } from '../../api/client.ts';

/** Sends the signed-in user's verification email again (POST /api/account/resendverification). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => api<MessageResult>(API.accountResendVerification, { method: 'POST' }) });
}
