/**
 * Issue 27, points 5, 20 and 21: what a SQLite installation leaves on disk. The database (and its -wal
 * and -shm files) and its backups were created 0644; a backup left `<file>.partial-wal` and
 * `<file>.partial-shm` beside it; with only DATA_DIR set, the database stayed under ./data.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, type ServerProcess, startServerProcess } from '../testing/process.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the files of a SQLite installation', () => {
  let root: string;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'gatehouse-files-'));
    // A data directory Gatehouse creates itself, and no DATABASE_URL: the README's default.
    dataDir = path.join(root, 'state', 'data');
    server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('keeps the database in DATA_DIR when DATABASE_URL is not set', () => {
    expect(existsSync(path.join(dataDir, 'gatehouse.db'))).toBe(true);
  });

  it('makes the data directory 0700 and the database, its -wal and -shm 0600', () => {
    expect(modeOf(dataDir)).toBe(0o700);
    const database = path.join(dataDir, 'gatehouse.db');
    for (const file of [database, `${database}-wal`, `${database}-shm`])
      expect({ file, mode: modeOf(file) }).toEqual({ file, mode: 0o600 });
  });

  it('writes a backup 0600 and leaves nothing else beside it', async () => {
    const backups = path.join(root, 'backups');
    const file = path.join(backups, 'gatehouse-backup.db');
    mkdirSync(backups);
    const made = await runCli(['backup', file], { DATABASE_URL: '', DATA_DIR: dataDir });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(readdirSync(backups)).toEqual(['gatehouse-backup.db']);
    expect(modeOf(file)).toBe(0o600);
  });
});
