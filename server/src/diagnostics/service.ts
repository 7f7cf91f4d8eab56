import type { AppContext } from '../context.ts';
import { pingDatabase } from '../db/database.ts';

/** Ready means able to do useful work: the database answers. */
export function isReady(ctx: AppContext): Promise<boolean> {
  return pingDatabase(ctx.db);
}
