/** The development outbox as a plain server-rendered page: each message with its text and working links. */
import type { Channel } from '../delivery/courier.ts';
import type { OutboxEntry } from '../delivery/store.ts';
import { escapeHtml } from './templates.ts';

const LINK = /https?:\/\/[^\s<>"']+/g;

function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const KEPT: Record<Channel, string> = {
  // Webhooks are always delivered (to loopback too when WEBHOOKS_ALLOW_PRIVATE is set): never kept here.
  webhook: '',
  // Logout tokens too are always delivered to the application.
  logout: '',
  email: 'No SMTP server is configured (SMTP_URL and MAIL_FROM), so email is kept here instead of being sent.',
  sms: 'No SMS provider is configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM), so text messages are kept here instead of being sent.',
};

export function renderOutboxPage(entries: OutboxEntry[], filter: string | undefined, channels: readonly Channel[]): string {
  const items = entries
    .map(
      (m) => `<article aria-labelledby="m-${m.id}">
<h2 id="m-${m.id}">${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.recipient)}</strong> · organisation ${escapeHtml(m.organisation_name)} · ${new Date(m.created_at).toISOString()} · ${escapeHtml(m.status)}${m.html ? ` · <a href="/dev/outbox/${m.id}">view as HTML</a>` : ''}</p>
<pre>${m.body === null ? '(delivered: the content is no longer kept)' : linkify(m.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Development outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
article{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#57606a;font-size:.9rem}pre{white-space:pre-wrap;background:#f5f6f8;padding:.75rem;border-radius:4px}
.warning{background:#fdf8e1;border-left:4px solid #b84f00;padding:.75rem}</style></head>
<body><main>
<h1>Development outbox${filter ? `: ${escapeHtml(filter)}` : ''}</h1>
<p class="warning">${channels.map((c) => KEPT[c]).join(' ')}
This page exists only in that case, over http, for requests from this machine.</p>
${entries.length === 0 ? '<p>No messages yet.</p>' : items}
</main></body></html>
`;
}
