/**
 * Issue 27, point 17: deploy/make-secrets.sh wrote its files 0600, owned by the operator; compose
 * mounts them with that owner and mode, and the image's user (uid 1000) could not read them
 * ("COOKIE_SECRET_FILE names /run/secrets/cookie_secret, which cannot be read (EACCES)").
 *
 * Runs the script as the operator (root here), then reads each file as the image's user through a hard
 * link in an open directory: like a bind mount, a link gives the file itself (its owner and mode), not
 * the directory above it. Gatehouse's own configuration loader reads them, as uid 1000.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONFIG = fileURLToPath(new URL('../config.ts', import.meta.url));
const IMAGE_UID = 1000;
const SECRETS = ['cookie_secret', 'database_url', 'key_encryption_key', 'postgres_password'];

describe.runIf(process.getuid?.() === 0)('deploy/make-secrets.sh', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-secrets-'));
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, 'deploy'));
    copyFileSync(path.join(ROOT, 'deploy/make-secrets.sh'), path.join(dir, 'deploy/make-secrets.sh'));
    execFileSync('sh', [path.join(dir, 'deploy/make-secrets.sh')], { stdio: 'pipe' });
    // Where compose mounts them (/run/secrets), as the container sees them.
    const mounted = path.join(dir, 'run-secrets');
    mkdirSync(mounted, { mode: 0o755 });
    chmodSync(mounted, 0o755);
    for (const name of SECRETS) linkSync(path.join(dir, 'secrets', name), path.join(mounted, name));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the secrets directory closed to everyone but the operator', () => {
    expect(readdirSync(path.join(dir, 'secrets')).sort()).toEqual(SECRETS);
    expect(statSync(path.join(dir, 'secrets')).mode & 0o777).toBe(0o700);
    // Another user of the machine cannot reach them through it.
    expect(() =>
      execFileSync('cat', [path.join(dir, 'secrets', 'cookie_secret')], { uid: IMAGE_UID, gid: IMAGE_UID, stdio: 'pipe' }),
    ).toThrow(/Permission denied/);
  });

  it("lets the image's user (uid 1000) read what compose mounts, as Gatehouse reads it", () => {
    const mounted = path.join(dir, 'run-secrets');
    const script = `import(${JSON.stringify(CONFIG)}).then(({ loadConfig }) => {
      try {
        loadConfig({ COOKIE_SECRET_FILE: '${mounted}/cookie_secret', KEY_ENCRYPTION_KEY_FILE: '${mounted}/key_encryption_key', DATABASE_URL_FILE: '${mounted}/database_url', DATA_DIR: '/nonexistent' });
        console.log('read');
      } catch (error) { console.log(error.message); }
    })`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      uid: IMAGE_UID,
      gid: IMAGE_UID,
      cwd: '/',
      stdio: 'pipe',
    }).toString();
    expect(output.trim()).toBe('read');
    // PostgreSQL's image reads its password as uid 999.
    expect(execFileSync('cat', [path.join(mounted, 'postgres_password')], { uid: 999, gid: 999, stdio: 'pipe' }).toString()).toMatch(
      /^[\w-]{40,}$/,
    );
  });
});
