/** The organisation's address lists (addresses and ranges always allowed and always refused). */
import { addressLists, addressListsView } from '../schemas/address-lists.ts';
import { endpoint, ORGANISATION_ADMIN, orMachine } from './contract.ts';

const tag = 'Organisation';

export const addressListsApi = {
  get: endpoint({
    tag,
    method: 'GET',
    path: '/api/organisation/address-lists',
    operationId: 'getAddressLists',
    summary: 'The addresses and CIDR ranges always allowed (never limited) and always refused.',
    access: orMachine(ORGANISATION_ADMIN, 'organisation:read'),
    status: 200,
    answer: addressListsView,
    errors: [],
  }),
  save: endpoint({
    tag,
    method: 'PUT',
    path: '/api/organisation/address-lists',
    operationId: 'saveAddressLists',
    summary: 'Replaces both address lists; applied before the rate limits on every limited endpoint.',
    access: orMachine(ORGANISATION_ADMIN, 'organisation:write'),
    body: addressLists,
    status: 200,
    answer: addressListsView,
    errors: [],
  }),
};
