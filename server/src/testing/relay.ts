/** A TCP relay the test can cut and restore, standing in for a service (PostgreSQL, Redis) going away and coming back. */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './process.ts';

export interface Relay {
  /** The local port that forwards to the target while the relay is up. */
  port: number;
  up(): Promise<void>;
  /** Stops listening and cuts every relayed connection. */
  down(): Promise<void>;
}

export async function relayTo(host: string, targetPort: number): Promise<Relay> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = connect(targetPort, host);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server?.listening) return resolve();
      server.close(() => resolve());
    });
  await up();
  return { port, up, down };
}
