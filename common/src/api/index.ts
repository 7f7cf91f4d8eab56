/** Every endpoint declared on the contract (contract.ts): what the server registers and the reference lists. */
import { accountApi } from './account.ts';
import { addressListsApi } from './address-lists.ts';
import { apisApi } from './apis.ts';
import { applicationsApi } from './applications.ts';
import { auditApi } from './audit.ts';
import { connectionsApi } from './connections.ts';
import type { Endpoint } from './contract.ts';
import { frontDoorApi } from './front-door.ts';
import { groupsApi } from './groups.ts';
import { importsApi } from './imports.ts';
import { organisationApi } from './organisation.ts';
import { passkeysApi } from './passkeys.ts';
import { referenceApi } from './reference.ts';
import { rolesApi } from './roles.ts';
import { samlAppsApi } from './saml-apps.ts';
import { accountSessionsApi, newBrowserApi, userSessionsApi } from './sessions.ts';
import { signUpApi } from './sign-up.ts';
import { userMfaApi } from './user-mfa.ts';
import { USER_ENDPOINTS } from './users.ts';
import { webhooksApi } from './webhooks.ts';

export const ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(referenceApi),
  ...Object.values(accountApi),
  ...USER_ENDPOINTS,
  ...Object.values(userMfaApi),
  ...Object.values(frontDoorApi),
  ...Object.values(signUpApi),
  ...Object.values(organisationApi),
  ...Object.values(addressListsApi),
  ...Object.values(applicationsApi),
  ...Object.values(samlAppsApi),
  ...Object.values(auditApi),
  ...Object.values(webhooksApi),
  ...Object.values(apisApi),
  ...Object.values(groupsApi),
  ...Object.values(rolesApi),
  ...Object.values(passkeysApi),
  ...Object.values(connectionsApi),
  ...Object.values(accountSessionsApi),
  ...Object.values(userSessionsApi),
  ...Object.values(newBrowserApi),
  ...Object.values(importsApi),
];
