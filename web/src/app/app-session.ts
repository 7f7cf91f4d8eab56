/** The organisation of this host and the signed-in user, as the root provides them to every page. */
import type { Account } from '@gatehouse/common/schemas/account';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { createContext, useContext } from 'react';

export interface AppSession {
  org: PublicOrganisation;
  user: Account | null;
}

export const AppSessionContext = createContext<AppSession | null>(null);

export function useAppSession(): AppSession {
  const session = useContext(AppSessionContext);
  if (!session) throw new Error('useAppSession is used outside the application root');
  return session;
}

/** The signed-in user on a page the guard only lets signed-in users reach. */
export function useSignedInUser(): { org: PublicOrganisation; user: Account } {
  const { org, user } = useAppSession();
  if (!user) throw new Error('This page needs a signed-in user');
  return { org, user };
}
