/**
 * The front door: the dashboard's figures, the help page's contact form and the deployment's facts,
 * the base organisation's sign-up (trial and demo), the organisation sign-in lookup, and the hand-over
 * that signs a new organisation's admin in on its own host.
 */
import { z } from 'zod';

import { messageResult } from '../schemas/account.ts';
import {
  baseSignUp,
  baseSignUpEmailRequest,
  baseSignUpEmailResult,
  baseSignUpOrgRequest,
  baseSignUpOrgResult,
  baseSignUpQuery,
  orgExistsQuery,
  orgExistsResult,
} from '../schemas/base-signup.ts';
import { metrics } from '../schemas/metrics.ts';
import { serviceInfo, supportRequest } from '../schemas/support.ts';
import { ANONYMOUS, endpoint, USER_ADMINS } from './contract.ts';

export const frontDoorApi = {
  metrics: endpoint({
    method: 'GET',
    path: '/api/metrics',
    operationId: 'getMetrics',
    summary: "The dashboard's figures: sign-ins, accounts by status and, for Organisation Admins, the applications' activity.",
    tag: 'Dashboard',
    access: USER_ADMINS,
    status: 200,
    answer: metrics,
    errors: [],
  }),
  support: endpoint({
    method: 'POST',
    path: '/api/support',
    operationId: 'sendSupportMessage',
    summary: "Sends the help page's contact form to the deployment's support address (signed-in users need not give an email).",
    tag: 'Help',
    access: ANONYMOUS,
    body: supportRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: messageResult,
    errors: ['RATE_LIMITED'],
  }),
  serviceInfo: endpoint({
    method: 'GET',
    path: '/api/serviceinfo',
    operationId: 'getServiceInfo',
    summary: "The deployment's public facts for the help, privacy and demo pages.",
    tag: 'Help',
    access: ANONYMOUS,
    status: 200,
    answer: serviceInfo,
    errors: [],
  }),
  baseSignUpEmail: endpoint({
    method: 'POST',
    path: '/api/basesignupemail',
    operationId: 'startBaseSignUp',
    summary: 'On the base host: starts an organisation sign-up by emailing a link (or, for a demo, at once).',
    tag: 'Organisation sign-up',
    access: ANONYMOUS,
    body: baseSignUpEmailRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: baseSignUpEmailResult,
    errors: ['NOT_FOUND', 'DEMO_UNAVAILABLE'],
  }),
  baseSignUp: endpoint({
    method: 'GET',
    path: '/api/basesignup',
    operationId: 'getBaseSignUp',
    summary: 'The sign-up a link (or its exchanged handle) stands for.',
    tag: 'Organisation sign-up',
    access: ANONYMOUS,
    query: baseSignUpQuery,
    status: 200,
    answer: baseSignUp,
    errors: ['NOT_FOUND', 'BASE_SIGNUP_INVALID'],
  }),
  baseSignUpOrg: endpoint({
    method: 'POST',
    path: '/api/basesignuporg',
    operationId: 'finishBaseSignUp',
    summary: 'Creates the organisation and answers where its admin is handed over.',
    tag: 'Organisation sign-up',
    access: ANONYMOUS,
    body: baseSignUpOrgRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: baseSignUpOrgResult,
    errors: ['NOT_FOUND', 'BASE_SIGNUP_INVALID', 'CONFLICT'],
  }),
  orgExists: endpoint({
    method: 'GET',
    path: '/api/orgexists',
    operationId: 'findOrganisation',
    summary: "Where an organisation signs in, by its name (the base host's organisation sign-in).",
    tag: 'Organisation sign-up',
    access: ANONYMOUS,
    query: orgExistsQuery,
    status: 200,
    answer: orgExistsResult,
    errors: ['NOT_FOUND', 'ORGANISATION_UNKNOWN'],
  }),
  handover: endpoint({
    method: 'GET',
    path: '/api/handover',
    operationId: 'handOver',
    summary:
      "On a new organisation's host: uses the one-time hand-over token and signs its admin in, on to the dashboard (or to sign-in when the token is not good).",
    tag: 'Organisation sign-up',
    access: ANONYMOUS,
    // Checked by the hand-over itself: a bad token sends the browser to sign in rather than to an error.
    query: z.object({ token: z.string().max(200).optional() }),
    status: 303,
    answer: null,
    errors: [],
  }),
} as const;
