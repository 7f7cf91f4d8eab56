/** The HTTP side of an uploaded image (assets/): served so that a browser can only ever treat it as an image. */
import type { FastifyReply } from 'fastify';

import type { AssetRow } from '../db/schema.ts';

/** Sends an image so it can only be an image: its checked type, nosniff, and a CSP that runs nothing. */
export function sendAsset(reply: FastifyReply, asset: AssetRow): FastifyReply {
  return (
    reply
      .header('content-type', asset.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      // Asset ids change on every upload, so a cached copy never goes stale; emails may load logos cross-origin.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(Buffer.from(asset.data))
  );
}
