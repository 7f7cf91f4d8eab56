/**
 * Request correlation ids from a pool of random bytes: every request gets one (Fastify's request id and
 * the protocol endpoints' header), and a random-number call per request costs more than the id is
 * worth. The id names a request in logs and answers; it is no secret and guards nothing.
 */
import { randomBytes } from 'node:crypto';

import { CORRELATION_ID_LENGTH, correlationIdFrom } from '@gatehouse/common/format';

const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

export function correlationId(): string {
  if (offset + CORRELATION_ID_LENGTH > pool.length) {
    pool = randomBytes(CORRELATION_ID_LENGTH * POOL_IDS);
    offset = 0;
  }
  offset += CORRELATION_ID_LENGTH;
  return correlationIdFrom(pool.subarray(offset - CORRELATION_ID_LENGTH, offset));
}
