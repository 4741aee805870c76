import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Stops listening and drops every open connection: the service behind looks down. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
}

/** A TCP relay to `target` on 127.0.0.1, to take a real service (Redis) away and give it back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const relay = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        server = relay;
        const address = relay.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      server = undefined;
    },
    async restore() {
      await listen(port);
    },
  };
}
