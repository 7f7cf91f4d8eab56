/**
 * Renders a message's texts (common/src/mail-messages.ts) as HTML and plain text in the organisation's
 * colours, with its logo and name. Every value is escaped; links are absolute URLs on the
 * organisation's own host, built by the sender from configuration, never from a request.
 */
import { MAIL_MESSAGES, type MailText } from '@gatehouse/common/mail-messages';
import { COLOUR_VALUES } from '@gatehouse/common/policy';

import { type Config, originFor } from '../config.ts';
import type { Organisation } from '../tenancy/organisation.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailBranding {
  name: string;
  origin: string;
  host: string;
  logoUrl: string | null;
  primary: string;
  onPrimary: string;
}

export function brandingFor(config: Config, org: Organisation): MailBranding {
  const origin = originFor(config, org.hostname);
  const colour = COLOUR_VALUES[org.row.colour] ?? COLOUR_VALUES.Blue;
  return {
    name: org.displayName,
    origin,
    host: org.hostname,
    logoUrl: org.row.logo_id ? `${origin}/api/organisation/assets/logo?id=${encodeURIComponent(org.row.logo_id)}` : null,
    primary: colour.primary,
    onPrimary: colour.onPrimary,
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function renderMail(brand: MailBranding, message: MailText, link?: string): RenderedMail {
  return { subject: message.subject, html: renderHtml(brand, message, link), text: renderText(brand, message, link) };
}

function renderText(brand: MailBranding, message: MailText, link: string | undefined): string {
  const parts = [brand.name, '', message.heading, '', ...message.paragraphs.flatMap((p) => [p, ''])];
  if (message.code) parts.push(`    ${message.code}`, '');
  if (message.button && link) parts.push(`${message.button}:`, link, '');
  if (message.note) parts.push(message.note, '');
  parts.push('--', MAIL_MESSAGES.footer(brand.name, brand.host));
  return parts.join('\n') + '\n';
}

function renderHtml(brand: MailBranding, message: MailText, link: string | undefined): string {
  const e = escapeHtml;
  const header = brand.logoUrl
    ? `<img src="${e(brand.logoUrl)}" alt="${e(brand.name)}" height="40" style="height:40px;max-width:240px;border:0">`
    : `<span style="font-size:20px;font-weight:700;color:${brand.primary}">${e(brand.name)}</span>`;
  const paragraphs = message.paragraphs.map((p) => `<p style="margin:0 0 16px">${e(p)}</p>`).join('');
  const code = message.code
    ? `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:4px;font-family:ui-monospace,Menlo,Consolas,monospace">${e(message.code)}</p>`
    : '';
  const button =
    message.button && link
      ? `<p style="margin:24px 0"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;border-radius:4px;background:${brand.primary};color:${brand.onPrimary};font-weight:700;text-decoration:none">${e(message.button)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#57606a">If the button does not work, copy this address into your browser:<br><a href="${e(link)}" style="color:${brand.primary};word-break:break-all">${e(link)}</a></p>`
      : '';
  const note = message.note ? `<p style="margin:0 0 16px;font-size:13px;color:#57606a">${e(message.note)}</p>` : '';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(message.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2328;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border:1px solid #d0d7de;border-radius:8px;border-top:6px solid ${brand.primary}">
<tr><td style="padding:24px 32px 0">${header}</td></tr>
<tr><td style="padding:16px 32px 24px"><h1 style="font-size:22px;margin:0 0 16px">${e(message.heading)}</h1>${paragraphs}${code}${button}${note}</td></tr>
</table>
<p style="font-size:12px;color:#57606a;margin:16px 0 0">${e(MAIL_MESSAGES.footer(brand.name, brand.host))}</p>
</td></tr></table>
</body></html>
`;
}

/** An absolute link to a page of the organisation, on its configured host (never a request's Host header). */
export function linkFor(config: Config, org: Organisation, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, originFor(config, org.hostname));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
