/**
 * A host that accepts connections and never answers: a dead endpoint (a webhook receiver or an
 * application's back-channel logout URI), for tests of what delivery does while it waits.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export async function startBlackhole() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Connections held open now. */
    open: () => sockets.size,
    close() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
