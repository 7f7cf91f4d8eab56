/** GET /api/metrics: the admin dashboard's figures (spec section 3, Metrics; windows of section 9). */
import { z } from 'zod';

const count = z.number().int().nonnegative();

export const metrics = z.object({
  // Last 24 hours: the Activity tile.
  signIns: count,
  failedSignIns: count,
  abandonedSignIns: count,
  // Last 24 hours: the Applications tile, answered to Organisation Admins only (the tile is theirs).
  clients: count.optional(),
  authCodeFlows: count.optional(),
  unusedCodes: count.optional(),
  // All time: the Accounts tile and the starter package bar.
  registeredUsers: count,
  signedUpUsers: count,
  pendingUsers: count,
  // All time: the Accounts tile's MFA figures: people with at least one second factor, and
  // how many hold each kind (a person with an app and a passkey counts under both).
  mfaUsers: count,
  mfaByKind: z.object({ app: count, email: count, sms: count, passkey: count }),
});
export type Metrics = z.infer<typeof metrics>;
