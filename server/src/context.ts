/** What every service needs: configuration, the database and the clock. Built once by app.ts. */
import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';

export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
}
