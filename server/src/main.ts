/**
 * Starts the server: reads the configuration, migrates the database, listens, and shuts down gracefully.
 * With WORKERS above 1 this process only supervises that many server processes sharing its port.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { buildApp } from './app.ts';
import { openContext } from './boot.ts';
import { type Config, ConfigError, loadConfig, originFor } from './config.ts';
import { JOBS } from './jobs/registry.ts';
import { JobScheduler } from './jobs/runner.ts';
import { DEV_OUTBOX_PATH, devOutboxEnabled } from './mail/routes.ts';
import { hashConcurrencyFor, limitConcurrentHashes } from './passwords/hash.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Gatehouse cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers > 1 && cluster.isPrimary) return await supervise(config);
  // A worker of several: its own /metrics port (METRICS_PORT + its index), the banner said once.
  const worker = cluster.isWorker ? Number(process.env.GATEHOUSE_WORKER_INDEX ?? 0) : 0;
  if (worker > 0 && config.telemetry) config = { ...config, telemetry: { ...config.telemetry, port: config.telemetry.port + worker } };
  // Several workers share the cores: each hashes passwords on its share of them.
  limitConcurrentHashes(hashConcurrencyFor(config.workers));
  const ctx = await openContext(config);
  const { app, lifecycle } = await buildApp(ctx);
  const scheduler = new JobScheduler(ctx, JOBS, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Webhook and logout attempts take nothing new from now on; those running get the drain to finish, then are
    // stopped and given back untried (due at once for another process or the next start).
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    const deliveries = ctx.delivery.stop(drainMs);
    // An orchestrator's SIGTERM: keep serving while load balancers see /readyz fail and move traffic
    // away, so no request that reaches us in the meantime is refused. Ctrl-C (SIGINT) closes at once.
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      lifecycle.draining = true;
      app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining: /readyz now answers 503');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await deliveries;
    await scheduler.stop();
    await app.close();
    await ctx.delivery.close();
    await ctx.db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw listenError(error, config);
  });
  if (config.runJobs) scheduler.start();
  // Every process delivers webhooks and logout tokens (each attempt is claimed, so no two make the same one).
  ctx.delivery.start(app.log);
  if (worker > 0) return;
  const base = originFor(config, config.baseHostname);
  const example = originFor(config, `acme.${config.baseHostname}`);
  const cli = cliCommand();
  console.log(
    [
      '',
      `Gatehouse is running at ${base}/ (the base organisation), database: ${config.database.kind}${config.workers > 1 ? `, ${config.workers} worker processes` : ''}.`,
      "Create an organisation and its first admin with (run the CLI with this server's environment: it finds the database",
      'and prints addresses from the same variables):',
      `  ${cli} create-organisation acme --admin-email admin@acme.test --admin-password '<a long password>'`,
      `then sign in at ${example}/`,
      ...(config.mail
        ? []
        : [
            'No SMTP server is configured (SMTP_URL, MAIL_FROM): email is kept in the development outbox,',
            devOutboxEnabled(ctx) ? `at ${base}${DEV_OUTBOX_PATH} and with ${cli} outbox.` : `listed by ${cli} outbox.`,
          ]),
      ...(config.sms
        ? []
        : ['No SMS provider is configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM): SMS codes are kept in the development outbox.']),
      '',
    ].join('\n'),
  );
}

/** The port or interface cannot be had: a sentence naming PORT or HOST and what to do. */
function listenError(error: unknown, config: Config): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new ConfigError(
      `PORT ${config.port} is already in use on ${config.host} (EADDRINUSE): stop what listens there, or set PORT to a free port.`,
    );
  if (code === 'EACCES')
    return new ConfigError(
      `PORT ${config.port} needs privileges this user does not have (EACCES): set PORT above 1023 and let a proxy listen on ${config.port}.`,
    );
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ConfigError(
      `HOST ${config.host} is not an address of this machine (${code}): set HOST to one of its addresses, localhost, or 0.0.0.0 for all.`,
    );
  return error;
}

/**
 * How the operator runs the CLI here: `npx gatehouse` in a checkout (the server was started through npm,
 * or no `gatehouse` command is on the PATH), `gatehouse` where it is installed as a command (the image).
 */
function cliCommand(): string {
  if (process.env.npm_execpath) return 'npx gatehouse';
  // Without PATH, the shell's default (a container runtime gives that one).
  const searched = process.env.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  const installed = searched.split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, 'gatehouse')));
  return installed ? 'gatehouse' : 'npx gatehouse';
}

/** How soon a worker may stop after it was started before the supervisor takes it as unable to start. */
const START_FAILURE_MS = 10_000;

/**
 * WORKERS > 1: migrates, then forks that many server processes, which share the port (the operating system spreads
 * connections across them); replaces one that stops, unless it could not even start; passes SIGTERM
 * and SIGINT on and exits once they have all stopped. Jobs still run once: they take a lease.
 */
async function supervise(config: Config): Promise<void> {
  // The schema and the base organisation first, once: workers then start on a migrated database.
  await (await openContext(config)).db.close();
  const indexOf = new Map<number, { index: number; started: number; listening: boolean }>();
  let stopping = false;
  const fork = (index: number) => {
    const worker = cluster.fork({ GATEHOUSE_WORKER_INDEX: String(index) });
    indexOf.set(worker.id, { index, started: Date.now(), listening: false });
  };
  cluster.on('listening', (worker) => {
    const known = indexOf.get(worker.id);
    if (known) known.listening = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const known = indexOf.get(worker.id);
    indexOf.delete(worker.id);
    if (stopping) {
      if (indexOf.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!known) return;
    if (!known.listening && Date.now() - known.started < START_FAILURE_MS) {
      console.error(`Gatehouse worker ${known.index} could not start (${signal ?? `exit ${code}`}); stopping.`);
      stopping = true;
      if (indexOf.size === 0) process.exit(1);
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    console.error(`Gatehouse worker ${known.index} stopped (${signal ?? `exit ${code}`}); starting it again.`);
    fork(known.index);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let index = 0; index < config.workers; index++) fork(index);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Gatehouse cannot start. ${error.message}`);
  else console.error('Gatehouse failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
