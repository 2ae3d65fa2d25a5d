// A TCP proxy in front of the worker's test database that a test stops and starts again: an app
// connected through it sees the database go away (open connections cut, new ones refused) and come
// back on the same address, as when PostgreSQL restarts under a running instance.
import net from 'node:net';
import path from 'node:path';
import { type Database, openDatabase } from '../db/index.ts';

export interface DatabaseProxy {
  /** The database through the proxy: its own pool, as another app instance would open it. */
  database: Database;
  /** Cuts every connection and stops listening: connecting is refused until `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Where `database`'s pool connects: a PostgreSQL server's host and port, or the embedded database's socket file. */
function targetOf(database: Database): { connect: net.NetConnectOpts; user: string; password: string; name: string } {
  const options = database.pool.options;
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    return {
      connect: { host: url.hostname, port: Number(url.port || 5432) },
      user: decodeURIComponent(url.username || 'postgres'),
      password: decodeURIComponent(url.password),
      name: url.pathname.slice(1),
    };
  }
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 5432;
  const connect = host.startsWith('/') ? { path: path.join(host, `.s.PGSQL.${port}`) } : { host, port };
  return { connect, user: options.user ?? 'postgres', password: '', name: options.database ?? 'postgres' };
}

export async function openDatabaseProxy(behind: Database): Promise<DatabaseProxy> {
  const target = targetOf(behind);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.connect);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  // The embedded database serves its connections one protocol message at a time: one connection, as its own pool has.
  const database = await openDatabase({
    databaseUrl: `postgresql://${encodeURIComponent(target.user)}${target.password ? `:${encodeURIComponent(target.password)}` : ''}@127.0.0.1:${port}/${target.name}`,
    dataDir: null,
    poolMax: behind.kind === 'embedded' ? 1 : 10,
  });
  return {
    database,
    stop,
    async start() {
      if (!server.listening) await listen(port);
    },
    async close() {
      await database.close().catch(() => {});
      if (server.listening) await stop();
    },
  };
}
