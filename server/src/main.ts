/** Starts the server: reads the configuration, migrates the database, listens, and shuts down gracefully. */
import { buildApp } from './app.ts';
import { openContext } from './boot.ts';
import { ConfigError, loadConfig, originFor } from './config.ts';
import { JOBS } from './jobs/registry.ts';
import { JobScheduler } from './jobs/runner.ts';
import { closeMail } from './mail/service.ts';
import { DEV_OUTBOX_PATH, devOutboxEnabled } from './mail/routes.ts';

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
  const ctx = await openContext(config);
  const { app, lifecycle } = await buildApp(ctx);
  const scheduler = new JobScheduler(ctx, JOBS, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // An orchestrator's SIGTERM: keep serving while load balancers see /readyz fail and move traffic
    // away, so no request that reaches us in the meantime is refused. Ctrl-C (SIGINT) closes at once.
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      lifecycle.draining = true;
      app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining: /readyz now answers 503');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await scheduler.stop();
    await app.close();
    await closeMail(ctx);
    await ctx.db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.runJobs) scheduler.start();
  const base = originFor(config, config.baseHostname);
  const example = originFor(config, `acme.${config.baseHostname}`);
  console.log(
    [
      '',
      `Gatehouse is running at ${base}/ (the base organisation), database: ${config.database.kind}.`,
      'Create an organisation and its first admin with:',
      `  npx gatehouse create-organisation acme --admin-email admin@acme.test --admin-password '<a long password>'`,
      `then sign in at ${example}/`,
      ...(config.mail
        ? []
        : [
            'No SMTP server is configured (SMTP_URL, MAIL_FROM): email is kept in the development outbox,',
            devOutboxEnabled(ctx) ? `at ${base}${DEV_OUTBOX_PATH} and with npx gatehouse outbox.` : 'listed by npx gatehouse outbox.',
          ]),
      ...(config.sms
        ? []
        : ['No SMS provider is configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM): SMS codes are kept in the development outbox.']),
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('Gatehouse failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
