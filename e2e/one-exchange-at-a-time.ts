// A TCP proxy in front of the embedded database's socket for the end-to-end runs, where the server and
// the tests' fixtures both connect. PGlite is one backend session, and its socket server interleaves
// the messages of concurrent connections outside transactions, so one connection's Parse can replace
// another's unnamed statement between its Parse and Bind ("bind message supplies 7 parameters, but
// prepared statement "" requires 2"; electric-sql/pglite#1046). Here one connection at a time talks to
// the session: from its first message until the session is idle again (ReadyForQuery with status 'I').
import net from 'node:net';

export interface ExchangeProxy {
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` and forwards each connection to the Unix socket `upstreamPath`. */
export async function startOneExchangeAtATime(port: number, upstreamPath: string): Promise<ExchangeProxy> {
  let holder: Connection | null = null;
  const waiting: Connection[] = [];
  const grant = () => {
    while (!holder && waiting.length) {
      const next = waiting.shift()!;
      if (!next.closed) {
        holder = next;
        next.start();
      }
    }
  };
  const release = (connection: Connection) => {
    if (holder !== connection) return;
    holder = null;
    grant();
  };

  class Connection {
    closed = false;
    private held: Buffer[] = [];
    private fromServer: Buffer = Buffer.alloc(0);
    private readonly upstream: net.Socket;

    constructor(private readonly client: net.Socket) {
      this.upstream = net.connect(upstreamPath);
      client.on('data', (data) => this.fromClient(data));
      this.upstream.on('data', (data) => this.toClient(data));
      const end = () => this.close();
      for (const socket of [client, this.upstream]) {
        socket.on('close', end);
        socket.on('error', end);
      }
    }

    private fromClient(data: Buffer) {
      if (holder === this) {
        this.upstream.write(data);
        return;
      }
      this.held.push(data);
      if (this.held.length === 1) {
        waiting.push(this);
        grant();
      }
    }

    /** This connection's turn: what it sent meanwhile goes on. */
    start() {
      const held = this.held;
      this.held = [];
      for (const data of held) this.upstream.write(data);
    }

    private toClient(data: Buffer) {
      this.client.write(data);
      // Server messages: a type byte and a length that counts itself; ReadyForQuery is 'Z' + status.
      this.fromServer = this.fromServer.length ? Buffer.concat([this.fromServer, data]) : data;
      while (this.fromServer.length >= 5) {
        const length = 1 + this.fromServer.readInt32BE(1);
        if (this.fromServer.length < length) break;
        const idle = this.fromServer[0] === 0x5a && this.fromServer[5] === 0x49;
        this.fromServer = this.fromServer.subarray(length);
        if (idle && !this.held.length) release(this);
      }
    }

    close() {
      if (this.closed) return;
      this.closed = true;
      this.client.destroy();
      this.upstream.destroy();
      release(this);
    }
  }

  const connections = new Set<Connection>();
  // Without Nagle's algorithm: the database's answer arrives in pieces (the database runs in a thread of
  // its own, ADR 0054) and each is forwarded at once; Nagle would hold a piece back until the client
  // acknowledged the one before, which a client delays up to 40 ms.
  const server = net.createServer({ noDelay: true }, (socket) => {
    const connection = new Connection(socket);
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.close();
        server.close(() => resolve());
      }),
  };
}
