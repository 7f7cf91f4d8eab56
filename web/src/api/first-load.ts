/**
 * The endpoints the sign-in page's first load calls (the root, the sign-in form, the public layout, the
 * error page), as addresses: method and path without the contract's schemas, so that zod does not load
 * with the sign-in page. Each is typed by its declaration in common/src/api, which the type
 * checker holds it to; the rest of the SPA calls the declarations themselves.
 */
import type { accountApi } from '@gatehouse/common/api/account';
import { addressOf, pathOf } from '@gatehouse/common/api/address';
import type { connectionsApi } from '@gatehouse/common/api/connections';
import type { organisationApi } from '@gatehouse/common/api/organisation';
import type { signUpApi } from '@gatehouse/common/api/sign-up';
import type { OrganisationImageKind } from '@gatehouse/common/organisation-images';

export const firstLoadApi = {
  session: addressOf<typeof accountApi.session>({ method: 'GET', path: '/api/session' }),
  authenticate: addressOf<typeof accountApi.authenticate>({ method: 'POST', path: '/api/authenticate', bodyEncoding: 'form' }),
  signInStep: addressOf<typeof accountApi.signInStep>({ method: 'GET', path: '/api/authenticate/step' }),
  signOut: addressOf<typeof accountApi.signOut>({ method: 'POST', path: '/api/signout' }),
  rememberedEmail: addressOf<typeof accountApi.rememberedEmail>({ method: 'GET', path: '/api/rememberme' }),
  forgetEmail: addressOf<typeof accountApi.forgetEmail>({ method: 'POST', path: '/api/rememberme' }),
  logError: addressOf<typeof accountApi.logError>({ method: 'POST', path: '/api/log/error', bodyEncoding: 'form' }),
  organisation: addressOf<typeof organisationApi.get>({ method: 'GET', path: '/api/organisation' }),
  organisationStyle: addressOf<typeof organisationApi.style>({ method: 'GET', path: '/api/organisation/style' }),
  organisationImage: addressOf<typeof organisationApi.image>({ method: 'GET', path: '/api/organisation/assets/{kind}' }),
  signInConnections: addressOf<typeof connectionsApi.signIn>({ method: 'GET', path: '/api/signinconnections' }),
  linkToken: addressOf<typeof signUpApi.linkToken>({ method: 'POST', path: '/api/linktoken', bodyEncoding: 'form' }),
};

/** Where the SPA loads an organisation image from; the id in the URL lets browsers cache it for good. */
export function organisationImageUrl(kind: OrganisationImageKind, id: string): string {
  return `${pathOf(firstLoadApi.organisationImage, { kind })}?id=${encodeURIComponent(id)}`;
}
