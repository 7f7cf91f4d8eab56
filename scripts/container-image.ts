/**
 * Builds the Gatehouse container image with podman on a machine that reaches no container registry,
 * and starts it without `podman run` (which cannot set its limits on these machines).
 *
 *   npm run image                        builds localhost/gatehouse:dev and prints its size
 *   npm run image -- --tag my/gatehouse:1
 *
 * Where `node:24-bookworm-slim` cannot be pulled, the base is made here: Debian bookworm from Debian's
 * mirror (debootstrap --variant=minbase, imported once and kept in podman's store, so later runs
 * start at once), plus the Node.js this repository pins (node_modules/node) and npm, laid out as the
 * official node images lay them out. The Dockerfile itself is the one operators build over node:24-*.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEBIAN_BASE = 'localhost/debian:bookworm';
export const DEFAULT_TAG = 'localhost/gatehouse:dev';
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';
const MAX_BUFFER = 64 * 1024 * 1024;

/** Whether podman is installed; the test suite skips the image test when it is not. */
export function podmanAvailable(): boolean {
  return ['/usr/bin/podman', '/usr/local/bin/podman'].some((file) => existsSync(file));
}

async function podman(args: string[], log: (line: string) => void = () => {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(line);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`podman ${args[0]} failed (exit ${code}):\n${err.slice(-4000)}`)),
    );
  });
}

async function imageExists(name: string): Promise<boolean> {
  return podman(['image', 'exists', name]).then(
    () => true,
    () => false,
  );
}

/** Installs podman and debootstrap from Debian when they are missing (as root only). */
export async function ensureTools(log: (line: string) => void): Promise<void> {
  const missing = ['podman', 'debootstrap'].filter((tool) => !existsSync(`/usr/bin/${tool}`) && !existsSync(`/usr/sbin/${tool}`));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`Install ${missing.join(' and ')} first: apt-get install -y ${missing.join(' ')}`);
  log(`Installing ${missing.join(', ')} from Debian...`);
  await run('apt-get', ['update', '-qq'], { maxBuffer: MAX_BUFFER });
  await run('apt-get', ['install', '-y', '-qq', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: MAX_BUFFER,
  });
}

/** Debian bookworm (minbase) as a podman image, made once with debootstrap and then reused. */
export async function ensureDebianBase(log: (line: string) => void): Promise<void> {
  if (await imageExists(DEBIAN_BASE)) return;
  const work = mkdtempSync(path.join(tmpdir(), 'gatehouse-debootstrap-'));
  const rootfs = path.join(work, 'root');
  try {
    log(`Making ${DEBIAN_BASE} with debootstrap from ${DEBIAN_MIRROR} (once; it is kept in podman's store)...`);
    await run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, DEBIAN_MIRROR], { maxBuffer: MAX_BUFFER });
    // As debian:bookworm-slim does: no package lists, caches, manuals or translations; copyright notices stay.
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/man', 'usr/share/info', 'usr/share/locale']) {
      rmSync(path.join(rootfs, dir), { recursive: true, force: true });
      mkdirSync(path.join(rootfs, dir), { recursive: true });
    }
    await run('find', [path.join(rootfs, 'usr/share/doc'), '-type', 'f', '!', '-name', 'copyright', '-delete']);
    await new Promise<void>((resolve, reject) => {
      const tar = spawn('tar', ['-C', rootfs, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
      const imp = spawn('podman', ['import', '-', DEBIAN_BASE], { stdio: ['pipe', 'ignore', 'inherit'] });
      tar.stdout.pipe(imp.stdin);
      imp.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`podman import failed (exit ${code})`))));
      tar.on('error', reject);
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The Node.js version the repository pins (the exact `node` devDependency of the root package.json). */
export function pinnedNodeVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return pkg.devDependencies.node!;
}

/**
 * A stand-in for node:24-bookworm-slim: Debian bookworm with the pinned Node (debug symbols
 * stripped, as in the official builds), npm, and the `node` user (uid 1000). The machine's CA bundle
 * goes in too, so that npm reaches the registry through this machine's TLS-inspecting egress proxy.
 */
export async function ensureNodeBase(log: (line: string) => void): Promise<string> {
  const version = pinnedNodeVersion();
  const tag = `localhost/gatehouse-node:${version}-bookworm`;
  if (await imageExists(tag)) return tag;
  await ensureDebianBase(log);
  const nodeBinary = path.join(ROOT, 'node_modules/node/bin/node');
  if (!existsSync(nodeBinary))
    throw new Error('The pinned Node.js is missing: run npm install first (it puts Node 24 in node_modules/node).');
  const npmDir = '/usr/lib/node_modules/npm';
  if (!existsSync(npmDir)) throw new Error(`npm is not at ${npmDir}; install Debian's or NodeSource's nodejs package.`);
  const context = mkdtempSync(path.join(tmpdir(), 'gatehouse-node-base-'));
  try {
    log(`Making ${tag} over ${DEBIAN_BASE} with the pinned Node ${version}...`);
    copyFileSync(nodeBinary, path.join(context, 'node'));
    chmodSync(path.join(context, 'node'), 0o755);
    await run('strip', [path.join(context, 'node')]).catch(() => log('strip is not installed: Node keeps its debug symbols.'));
    cpSync(npmDir, path.join(context, 'npm'), { recursive: true });
    copyFileSync('/etc/ssl/certs/ca-certificates.crt', path.join(context, 'ca-certificates.crt'));
    writeFileSync(
      path.join(context, 'Containerfile'),
      [
        `FROM ${DEBIAN_BASE}`,
        'COPY node /usr/local/bin/node',
        'COPY npm /usr/local/lib/node_modules/npm',
        'COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt',
        'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
        ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\',
        ' && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
        'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    await podman(['build', '--isolation', 'chroot', '--format', 'docker', '-t', tag, context], log);
    return tag;
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

export interface BuildOptions {
  tag?: string;
  /** The base image; by default the one made here (ensureNodeBase). */
  baseImage?: string;
  log?: (line: string) => void;
}

/** Builds the repository's Dockerfile; resolves with the image's tag and size in bytes. */
export async function buildImage(options: BuildOptions = {}): Promise<{ tag: string; size: number }> {
  const log = options.log ?? (() => {});
  const tag = options.tag ?? DEFAULT_TAG;
  await ensureTools(log);
  const base = options.baseImage ?? (await ensureNodeBase(log));
  // Docker format keeps HEALTHCHECK (the OCI image format has no place for it).
  await podman(['build', '--isolation', 'chroot', '--format', 'docker', '--build-arg', `BASE_IMAGE=${base}`, '-t', tag, ROOT], log);
  const size = Number((await podman(['image', 'inspect', '--format', '{{.Size}}', tag])).trim());
  return { tag, size };
}

export interface ImageConfig {
  env: Record<string, string>;
  workingDir: string;
  entrypoint: string[];
  user: string;
  healthcheck: string[] | null;
  volumes: string[];
}

/** What the image says about how to run it (Env, WorkingDir, Entrypoint, User, Healthcheck). */
export async function imageConfig(tag: string): Promise<ImageConfig> {
  const [inspected] = JSON.parse(await podman(['image', 'inspect', tag])) as [
    {
      Config: {
        Env?: string[];
        WorkingDir?: string;
        Entrypoint?: string[];
        User?: string;
        Volumes?: Record<string, unknown>;
      };
      Healthcheck?: { Test?: string[] };
    },
  ];
  const config = inspected.Config;
  const env = Object.fromEntries(
    (config.Env ?? []).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  const test = inspected.Healthcheck?.Test ?? null;
  return {
    env,
    workingDir: config.WorkingDir ?? '/',
    entrypoint: config.Entrypoint ?? [],
    user: config.User ?? 'root',
    // ["CMD", ...argv] or ["CMD-SHELL", command]
    healthcheck: test ? (test[0] === 'CMD-SHELL' ? ['/bin/sh', '-c', test[1]!] : test.slice(1)) : null,
    volumes: Object.keys(config.Volumes ?? {}),
  };
}

/** Mounts the image's root file system (read-only) and resolves with its path. */
export async function mountImage(tag: string): Promise<string> {
  return (await podman(['image', 'mount', tag])).trim();
}

export async function unmountImage(tag: string): Promise<void> {
  await podman(['image', 'unmount', tag]).catch(() => {});
}

export interface ChrootOptions {
  /** The mounted image (mountImage). */
  rootfs: string;
  config: ImageConfig;
  argv: string[];
  /** Host directory mounted at the image's volume (DATA_DIR). */
  volume: { host: string; target: string };
  env?: Record<string, string>;
}

/**
 * Starts a command of the image as a container would: in its own mount and PID namespaces (so the
 * entry point is PID 1 and sees SIGTERM as it would from an orchestrator), chrooted into the image,
 * as the image's user, in its working directory, with only the image's environment plus `env`.
 * Stop it with signalEntryPoint: a signal to the returned unshare process does not reach it.
 */
export function startInImage(options: ChrootOptions): ChildProcess {
  const { rootfs, config, argv, volume } = options;
  const env = { ...config.env, ...options.env };
  const q = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const script = [
    'set -e',
    `mount --bind /dev ${q(path.join(rootfs, 'dev'))}`,
    `mount -t proc proc ${q(path.join(rootfs, 'proc'))}`,
    `mount --bind ${q(volume.host)} ${q(path.join(rootfs, volume.target))}`,
    `cd ${q(rootfs)}`,
    `exec chroot --userspec=${q(config.user.includes(':') ? config.user : `${config.user}:${config.user}`)} . /usr/bin/env -i ${Object.entries(
      env,
    )
      .map(([key, value]) => q(`${key}=${value}`))
      .join(' ')} /bin/sh -c ${q(`cd ${q(config.workingDir)} && exec "$@"`)} sh ${argv.map(q).join(' ')}`,
  ].join('\n');
  return spawn('unshare', ['--mount', '--pid', '--fork', '--kill-child=SIGKILL', '/bin/sh', '-c', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Sends a signal to the command started by startInImage, which is PID 1 of its namespace (as the
 * entry point of a container is): the signal an orchestrator sends when it stops a container.
 */
export function signalEntryPoint(child: ChildProcess, signal: NodeJS.Signals): boolean {
  let children: string;
  try {
    children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  } catch {
    return false; // already ended
  }
  const pid = Number(children.split(/\s+/)[0]);
  if (!pid) return false;
  process.kill(pid, signal);
  return true;
}

/** Runs a command of the image to its end (see startInImage). */
export function runInImage(options: ChrootOptions): Promise<{ code: number | null; output: string }> {
  const child = startInImage(options);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const tagAt = args.indexOf('--tag');
  const baseAt = args.indexOf('--base');
  const started = Date.now();
  const { tag, size } = await buildImage({
    tag: tagAt >= 0 ? args[tagAt + 1] : undefined,
    baseImage: baseAt >= 0 ? args[baseAt + 1] : undefined,
    log: (line) => console.log(line),
  });
  console.log(`\nBuilt ${tag}: ${(size / 1e6).toFixed(0)} MB, in ${Math.round((Date.now() - started) / 1000)} s.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
