/** Importing people (moving in): an asynchronous job per file, its status and report, its refused rows. */
import { IMPORT_LIMITS, importJob, importJobParams, peopleExportQuery, startImportRequest } from '../schemas/imports.ts';
import { endpoint, ORGANISATION_ADMIN, orMachine, USER_ADMINS } from './contract.ts';

// Imported people may come in with any status and their passwords: Organisation Admins only.
const access = orMachine(ORGANISATION_ADMIN, 'users:write');
const tag = 'Users';

export const importsApi = {
  start: endpoint({
    method: 'POST',
    path: '/api/imports',
    operationId: 'startImport',
    summary:
      'Starts importing the people of the uploaded `file` (CSV, JSON Lines, a Keycloak realm export or an Auth0 export) with their password hashes; answers the job at once (202) and runs it in the background. With `dryRun`, changes nothing and reports every row it would refuse.',
    tag,
    access,
    body: startImportRequest,
    bodyEncoding: 'multipart',
    fileBytes: IMPORT_LIMITS.fileBytes,
    status: 202,
    answer: importJob,
    errors: ['USER_LIMIT_REACHED', 'BAD_REQUEST', 'BASE_ORGANISATION'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/imports/{id}',
    operationId: 'getImport',
    summary: 'An import job: its status, its progress and its report.',
    tag,
    access,
    params: importJobParams,
    status: 200,
    answer: importJob,
    errors: ['NOT_FOUND'],
  }),
  refused: endpoint({
    method: 'GET',
    path: '/api/imports/{id}/refused',
    operationId: 'getImportRefusedRows',
    summary: 'The rows the job refused, as CSV: the row number, the email, why, and the row as given.',
    tag,
    access,
    params: importJobParams,
    status: 200,
    answer: null,
    produces: ['text/csv'],
    errors: ['NOT_FOUND'],
  }),
  exportPeople: endpoint({
    method: 'GET',
    path: '/api/users/export',
    operationId: 'exportPeople',
    summary:
      "The organisation's people as CSV or JSON Lines, in the columns an import takes back (`format=csv` with `POST /api/imports` and no mapping). No secrets: password hashes and authenticator keys leave only through the operator's `gatehouse export-users --with-secrets`.",
    tag,
    access: orMachine(USER_ADMINS, 'users:read'),
    query: peopleExportQuery,
    status: 200,
    answer: null,
    produces: ['text/csv', 'application/x-ndjson'],
    errors: [],
  }),
} as const;
