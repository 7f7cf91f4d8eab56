/**
 * One delivery attempt: a POST with a time limit over the whole exchange, no redirects followed, at most
 * a few kilobytes of the answer read (only its status matters), and no connection to an address
 * webhooks may not reach. Each attempt opens a socket of its own: a pooled keep-alive socket (Node's
 * global agent keeps them) would be reused without the lookup, and so without its address check.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

import { ForbiddenAddressError, guardedLookup, isPrivateAddress } from './ssrf.ts';

export interface PostLimits {
  /** Reach private, loopback and link-local addresses too (the operator's development setting). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Ends the attempt early (shutdown): it then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

export const DEFAULT_POST_LIMITS: Omit<PostLimits, 'allowPrivate'> = { timeoutMs: 10_000, maxResponseBytes: 16 * 1024 };

export interface PostResult {
  status: number;
  /** The start of the answer's body, for the delivery log. */
  excerpt: string;
}

/** Thrown for an answer that is not 2xx; carries the status for the delivery log. */
export class WebhookRefusedError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`the endpoint answered ${status}`);
    this.status = status;
  }
}

export function postWebhook(url: string, headers: Record<string, string>, body: string, limits: PostLimits): Promise<PostResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // The lookup is skipped for an address written in the URL, so it is checked here.
  if (isIP(host) && !limits.allowPrivate && isPrivateAddress(host)) {
    return Promise.reject(new ForbiddenAddressError(`${host} is an address webhooks may not reach`));
  }
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Gatehouse-Webhooks',
          ...headers,
        },
        lookup: guardedLookup(limits.allowPrivate),
        // No agent: a fresh socket, resolved and checked, every time (see above).
        agent: false,
        signal: limits.signal
          ? AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), limits.signal])
          : AbortSignal.timeout(limits.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, 500);
          if (status >= 200 && status < 300) resolve({ status, excerpt });
          else reject(new WebhookRefusedError(status));
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= limits.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, limits.maxResponseBytes - size));
          size += chunk.length;
          // Enough read: the rest of an endless answer is not waited for.
          if (size >= limits.maxResponseBytes) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', (error: Error) => {
      if (limits.signal?.aborted) reject(new Error('the attempt was stopped (shutdown)'));
      else if (error.name === 'AbortError' || error.name === 'TimeoutError')
        reject(new Error(`no answer within ${limits.timeoutMs / 1000} s`));
      else reject(error);
    });
    request.end(body);
  });
}
