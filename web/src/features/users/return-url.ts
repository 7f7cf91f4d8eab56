import { isSafeReturnPath } from '@gatehouse/common/return-path';
import { useSearchParams } from 'react-router';

/** The returnurl query of the user screens, when it is a path of this site. */
export function useReturnUrl(): string | null {
  const value = useSearchParams()[0].get('returnurl');
  return value && isSafeReturnPath(value) ? value : null;
}
