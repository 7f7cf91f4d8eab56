/**
 * `gatehouse backup <file>`: a consistent copy of the SQLite database while the server runs, through
 * SQLite's online backup API (node:sqlite `backup`), checked before it is called done. PostgreSQL has
 * its own tools; for it the command says which.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';

import type { Config } from '../config.ts';
import { createPrivately } from '../db/database.ts';

export class BackupRefused extends Error {}

export const POSTGRES_BACKUP_ADVICE = `This installation uses PostgreSQL: back it up with PostgreSQL's own tools, for example
  pg_dump --format=custom --file=gatehouse-$(date +%F).dump "$DATABASE_URL"
and restore with
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" gatehouse-YYYY-MM-DD.dump
(or continuous archiving with point-in-time recovery; see docs/operations.md).`;

/** Copies the configured SQLite database to `target` (which must not exist yet); resolves with a line for the operator. */
export async function backupDatabase(config: Config, target: string): Promise<string> {
  if (config.database.kind !== 'sqlite') throw new BackupRefused(POSTGRES_BACKUP_ADVICE);
  const source = config.database.path;
  if (source === ':memory:') throw new BackupRefused('The database is in memory (sqlite::memory:): there is nothing to back up.');
  if (!existsSync(source)) throw new BackupRefused(`There is no database at ${source} yet.`);
  const destination = path.resolve(target);
  if (existsSync(destination)) throw new BackupRefused(`${destination} already exists: give a new file name.`);
  // Written beside the target and renamed once checked, so a file of that name is always a whole backup.
  const partial = `${destination}.partial`;
  removeCopy(partial);
  // Created 0600 before SQLite writes into it: a backup holds everything the database holds.
  createPrivately(partial);
  const db = new DatabaseSync(source, { readOnly: true, timeout: 10_000 });
  try {
    // Pages are copied in steps; writes the server makes meanwhile restart the copy from SQLite's side,
    // so the result is one consistent state of the database.
    const pages = await sqliteBackup(db, partial, { rate: 1000 });
    // Opened for writing, so that closing it (the last connection) folds the copy's -wal file into it
    // and removes its -wal and -shm files; a read-only connection would leave both beside the backup.
    const copy = new DatabaseSync(partial);
    try {
      const check = copy.prepare('pragma integrity_check').get() as { integrity_check?: string } | undefined;
      if (check?.integrity_check !== 'ok')
        throw new Error(`the copy failed SQLite's integrity check (${check?.integrity_check ?? 'no answer'})`);
    } finally {
      copy.close();
    }
    renameSync(partial, destination);
    const megabytes = (statSync(destination).size / 1e6).toFixed(1);
    return `Backed up ${source} to ${destination} (${pages} pages, ${megabytes} MB); SQLite's integrity check passed.`;
  } catch (error) {
    removeCopy(partial);
    throw error;
  } finally {
    db.close();
  }
}

/** Removes a partial copy and the -wal and -shm files SQLite may have made beside it. */
function removeCopy(partial: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${partial}${suffix}`, { force: true });
}
