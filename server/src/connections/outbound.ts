/**
 * Every request to an upstream identity provider (discovery, JWKS, token) goes through here: the same
 * guard as webhooks (the name resolved once, each address checked, the connection made to the address
 * checked, so no private, loopback or link-local address unless the operator allows them with
 * WEBHOOKS_ALLOW_PRIVATE), a time limit over the whole exchange, a size limit on the answer, and no
 * redirect followed. openid-client takes it as its fetch.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

import { CONNECTION_LIMITS } from '@gatehouse/common/policy';
import type { CustomFetch } from 'openid-client';

import { ForbiddenAddressError, guardedLookup, isPrivateAddress } from '../outbound/ssrf.ts';

export interface OutboundLimits {
  allowPrivate: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
}

export const outboundLimits = (allowPrivate: boolean): OutboundLimits => ({
  allowPrivate,
  timeoutMs: CONNECTION_LIMITS.fetchTimeoutMs,
  maxResponseBytes: CONNECTION_LIMITS.fetchMaxBytes,
});

/** Thrown when an answer is larger than the limit: it is not read further. */
export class OutboundTooLargeError extends Error {}

/**
 * Names under `localhost` are loopback by definition (RFC 6761 6.3), whatever a resolver says (this
 * machine's resolves none of them): they answer 127.0.0.1, which the guard then refuses unless allowed.
 */
function lookupFor(allowPrivate: boolean): LookupFunction {
  const guarded = guardedLookup(allowPrivate);
  return (hostname, options, callback) => {
    const name = hostname.toLowerCase();
    if (name !== 'localhost' && !name.endsWith('.localhost')) return guarded(hostname, options, callback);
    if (!allowPrivate) return callback(new ForbiddenAddressError(`${hostname} is a loopback name`), '', 0);
    if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }] as unknown as string, 0);
    callback(null, '127.0.0.1', 4);
  };
}

function bodyOf(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('A streamed request body is not sent upstream');
}

/** A fetch for openid-client that keeps to the limits. */
export function guardedFetch(limits: OutboundLimits): CustomFetch {
  return (url, options) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return Promise.reject(new TypeError('Only http(s) is fetched'));
    // The lookup is skipped for an address written in the URL, so it is checked here.
    if (isIP(host) && !limits.allowPrivate && isPrivateAddress(host)) {
      return Promise.reject(new ForbiddenAddressError(`${host} is an address Gatehouse may not reach`));
    }
    const body = bodyOf(options.body);
    const transport = target.protocol === 'https:' ? https : http;
    const signal = options.signal
      ? AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), options.signal])
      : AbortSignal.timeout(limits.timeoutMs);
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        target,
        {
          method: options.method,
          headers: {
            'user-agent': 'Gatehouse',
            ...options.headers,
            ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          },
          lookup: lookupFor(limits.allowPrivate),
          // A connection of its own each time: a pooled socket would skip this lookup and its check.
          agent: false,
          signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxResponseBytes) {
              response.destroy();
              reject(new OutboundTooLargeError(`the answer of ${target.host} is larger than ${limits.maxResponseBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (Array.isArray(value)) for (const v of value) headers.append(name, v);
              else if (value !== undefined) headers.set(name, value);
            }
            const status = response.statusCode ?? 502;
            const noBody = status === 204 || status === 304 || options.method === 'HEAD';
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers }));
          });
          response.on('error', reject);
        },
      );
      request.on('error', (error: Error) => {
        if (error.name === 'AbortError' || error.name === 'TimeoutError')
          reject(new Error(`no answer from ${target.host} within ${limits.timeoutMs / 1000} s`));
        else reject(error);
      });
      request.end(body);
    });
  };
}
