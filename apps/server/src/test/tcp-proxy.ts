import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy a test controls, between the server and PostgreSQL or Redis, so a test can cut, stall or slow
 * the service without ever stopping the machine's own (issue 15, decision 0021). Listens on 127.0.0.1 on a
 * free port (kept across cut/restore, so the server's URL stays valid).
 */
export interface TcpProxy {
  port: number;
  /** `host:port` of the proxy, to put in a URL. */
  host: string;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Stops listening (new connections are refused: ECONNREFUSED) and destroys the open ones (ECONNRESET). */
  cut(): Promise<void>;
  /** Keeps connections open but forwards nothing until `restore` (a stalled network). */
  pause(): void;
  /** Adds `ms` to every chunk forwarded in either direction. */
  delay(ms: number): void;
  /** Listens again on the same port and forwards normally. */
  restore(): Promise<void>;
  /** Connections currently open through the proxy. */
  open(): number;
  /** Chunks forwarded towards the target so far: a test waits for its requests to be on the wire. */
  sent(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let paused = false;
  let delayMs = 0;
  const held: (() => void)[] = [];
  let sent = 0;

  const forward = (from: Socket, to: Socket, towardsTarget: boolean) => {
    from.on('data', (chunk) => {
      if (towardsTarget) sent += 1;
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (paused) held.push(send);
      else if (delayMs) {
        from.pause();
        setTimeout(() => {
          send();
          from.resume();
        }, delayMs);
      } else send();
    });
  };

  const onConnection = (client: Socket) => {
    const upstream = tcpConnect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream, true);
    forward(upstream, client, false);
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  const port = await listen(0);
  let listening = true;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
      held.length = 0;
    });

  const proxy: TcpProxy = {
    port,
    host: `127.0.0.1:${port}`,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut() {
      paused = false;
      await stopListening();
    },
    pause() {
      paused = true;
    },
    delay(ms) {
      delayMs = ms;
    },
    async restore() {
      paused = false;
      delayMs = 0;
      for (const send of held.splice(0)) send();
      if (listening) return;
      server = createServer(onConnection);
      await listen(port);
      listening = true;
    },
    open: () => sockets.size / 2,
    sent: () => sent,
    close: stopListening,
  };
  return proxy;
}

/** Host and port of a postgres:// or redis:// URL. */
export function targetOf(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port) || (u.protocol.startsWith('redis') ? 6379 : 5432) };
}
