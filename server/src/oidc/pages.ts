/**
 * The few pages the provider itself renders (errors it cannot redirect, the sign-out question and its
 * answer, an expired sign-in request): plain, accessible HTML in the organisation's theme, every value
 * escaped, and no scripts but the one that confirms a sign-out the application already vouched for. Error pages show the standard error and description, never internals.
 */
import { createHash } from 'node:crypto';

import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { MESSAGES } from '@gatehouse/common/messages';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `body{margin:0;font-family:var(--font-family,system-ui,sans-serif);background:#f5f6f8;color:#1f2328;line-height:1.5}
main{max-width:480px;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d0d7de;border-radius:8px}
h1{font-size:1.5rem;margin-top:0}.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}
button,.button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1.25rem;border-radius:var(--button-radius,4px);border:2px solid var(--colour-primary,#1d5fbf);cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
.primary{background:var(--colour-primary,#1d5fbf);color:var(--colour-on-primary,#fff)}.secondary{background:#fff;color:var(--colour-primary,#1d5fbf)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#57606a}dd{margin:0;word-break:break-word}
a{color:var(--colour-primary,#1d5fbf)}label{display:block;font-weight:600}input[type=text]{font:inherit;font-size:1.25rem;letter-spacing:.1em;text-transform:uppercase;min-height:44px;padding:.25rem .75rem;width:100%;box-sizing:border-box;border:var(--input-border,1px solid #8a8f98);border-radius:4px}.error{color:#b3261e;font-weight:600}.user-code code{font-size:1.75rem;letter-spacing:.15em}:focus-visible{outline:3px solid var(--colour-primary,#1d5fbf);outline-offset:2px}`;

export function page(title: string, orgName: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(orgName)}</title>
<link rel="stylesheet" href="/api/organisation/style">
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The provider's error page (an error it cannot send back to the application, e.g. an unregistered redirect URI). */
export function errorPage(orgName: string, out: { error?: string; error_description?: string }, correlationId: string): string {
  return page(
    MESSAGES.errorPageTitle,
    orgName,
    `<h1>${escapeHtml(MESSAGES.errorPageTitle)}</h1>
<p>${escapeHtml(out.error_description ?? MESSAGES.errorPageText)}</p>
<dl><dt>Error</dt><dd>${escapeHtml(out.error ?? 'server_error')}</dd><dt>Correlation ID</dt><dd>${escapeHtml(correlationId)}</dd></dl>
<p><a href="/">${escapeHtml(MESSAGES.backToHome)}</a></p>`,
  );
}

/** The sign-out question of RP-initiated logout; `form` is the provider's hidden form with its anti-forgery value. */
export function logoutPage(orgName: string, form: string): string {
  return page(
    M.signOutQuestion(orgName),
    orgName,
    `<h1>${escapeHtml(M.signOutQuestion(orgName))}</h1>
${form}
<div class="actions">
<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(M.signOutYes)}</button>
<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(M.signOutNo)}</button>
</div>`,
  );
}

/**
 * Confirms the sign-out at once: the application named the signed-in user in a valid id_token_hint, so
 * the question would only be asked of the person who just asked for it. Without scripts, one button does it.
 */
const AUTO_SIGN_OUT_SCRIPT =
  "var f=document.getElementById('op.logoutForm'),i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();";
/** The script's CSP source ('sha256-...'), allowed on that page only. */
export const AUTO_SIGN_OUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(AUTO_SIGN_OUT_SCRIPT).digest('base64')}'`;

export function autoLogoutPage(orgName: string, form: string): string {
  return page(
    M.signingOut,
    orgName,
    `<h1>${escapeHtml(M.signingOut)}</h1>
${form}
<noscript><div class="actions"><button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(M.signOutYes)}</button></div></noscript>
<script>${AUTO_SIGN_OUT_SCRIPT}</script>`,
  );
}

/**
 * A form an application posted from its own site (authorization or sign-out), handed on unchanged: the
 * browser sends it again from this origin, now with the cookies a cross-site POST lacks (SameSite=Lax),
 * so its parameters stay in request bodies and never reach an address, a history or a log.
 */
const RELAY_SCRIPT = "document.getElementById('relay').submit();";
/** The relay script's CSP source ('sha256-...'), allowed on that page only. */
export const RELAY_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(RELAY_SCRIPT).digest('base64')}'`;

export function formRelayPage(orgName: string, action: string, params: URLSearchParams): string {
  const inputs = [...params]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    M.continue,
    orgName,
    `<form id="relay" method="post" action="${escapeHtml(action)}">${inputs}
<div class="actions"><button class="primary" type="submit">${escapeHtml(M.continue)}</button></div>
</form>
<script>${RELAY_SCRIPT}</script>`,
  );
}

/** The device flow's code entry: the provider's form (xsrf and the user_code input) labelled, without its inline handler. */
export function deviceInputPage(orgName: string, form: string, problem: string | null): string {
  const labelled = form
    .replace(/\s*onfocus="[^"]*"/, '')
    .replace(
      'name="user_code"',
      `name="user_code" id="user-code" aria-describedby="user-code-help"${problem ? ' aria-invalid="true"' : ''}`,
    )
    .replace('placeholder="Enter code"', 'placeholder="XXXX-XXXX"');
  return page(
    M.deviceTitle,
    orgName,
    `<h1>${escapeHtml(M.deviceTitle)}</h1>
${problem ? `<p role="alert" class="error">${escapeHtml(problem)}</p>` : ''}
<label for="user-code">${escapeHtml(M.deviceCode)}</label>
<p id="user-code-help">${escapeHtml(M.deviceIntro)}</p>
${labelled}
<div class="actions"><button class="primary" type="submit" form="op.deviceInputForm">${escapeHtml(M.deviceContinue)}</button></div>`,
  );
}

/** The device flow's confirmation: which application, and the code the device should be showing. */
export function deviceConfirmPage(orgName: string, form: string, appName: string, userCode: string): string {
  return page(
    M.deviceConfirmTitle(appName),
    orgName,
    `<h1>${escapeHtml(M.deviceConfirmTitle(appName))}</h1>
<p>${escapeHtml(M.deviceConfirmText)}</p>
<p class="user-code"><code>${escapeHtml(userCode)}</code></p>
${form}
<div class="actions">
<button class="primary" type="submit" form="op.deviceConfirmForm" autofocus>${escapeHtml(M.deviceConfirm)}</button>
<button class="secondary" type="submit" form="op.deviceConfirmForm" name="abort" value="yes">${escapeHtml(M.deviceCancel)}</button>
</div>`,
  );
}

/** Too many codes entered from this address: the wait, and the way back to the code entry. */
export function deviceLimitedPage(orgName: string, message: string): string {
  return page(
    M.deviceTitle,
    orgName,
    `<h1>${escapeHtml(M.deviceTitle)}</h1><p role="alert" class="error">${escapeHtml(message)}</p><p><a href="/oidc/device">${escapeHtml(M.deviceContinue)}</a></p>`,
  );
}

export function deviceSuccessPage(orgName: string, appName: string): string {
  return page(
    M.deviceSuccessTitle,
    orgName,
    `<h1>${escapeHtml(M.deviceSuccessTitle)}</h1><p>${escapeHtml(M.deviceSuccessText(appName))}</p>`,
  );
}

export function loggedOutPage(orgName: string): string {
  return page(M.signedOut, orgName, `<h1>${escapeHtml(M.signedOut)}</h1><p>${escapeHtml(M.signedOutText)}</p>`);
}

/** A hand-over link whose sign-in request has expired or was already used. */
export function expiredRequestPage(orgName: string): string {
  return page(
    MESSAGES.errorPageTitle,
    orgName,
    `<h1>${escapeHtml(MESSAGES.errorPageTitle)}</h1><p>${escapeHtml(M.signInRequestExpired)}</p><p><a href="/">${escapeHtml(MESSAGES.backToHome)}</a></p>`,
  );
}
