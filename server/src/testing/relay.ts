/** A TCP relay the test can cut, stall and restore, standing in for a service (PostgreSQL, Redis) going away and coming back. */
import { connect, createServer, type Server, type Socket } from 'node:net';

import { freePort } from './process.ts';

export interface Relay {
  /** The local port that forwards to the target while the relay is up. */
  port: number;
  /** Listens and forwards again (after down or stall); stalled connections are cut. */
  up(): Promise<void>;
  /** Stops listening and cuts every relayed connection. */
  down(): Promise<void>;
  /**
   * Stops forwarding without closing anything, as a network that drops packets does: connections stay
   * open and new ones are accepted, but no byte reaches either side.
   */
  stall(): void;
}

export async function relayTo(host: string, targetPort: number): Promise<Relay> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let stalled = false;
  let server: Server | undefined;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        track(inbound);
        if (stalled) return inbound.pause();
        const outbound = connect(targetPort, host);
        track(outbound);
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cutAll = () => {
    for (const s of sockets) s.destroy();
  };
  const down = () =>
    new Promise<void>((resolve) => {
      cutAll();
      if (!server?.listening) return resolve();
      server.close(() => resolve());
    });
  const up = async () => {
    stalled = false;
    cutAll();
    if (!server?.listening) await listen();
  };
  const stall = () => {
    stalled = true;
    for (const s of sockets) {
      s.unpipe();
      s.pause();
    }
  };
  await listen();
  return { port, up, down, stall };
}
