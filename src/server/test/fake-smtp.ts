// A tiny SMTP server on loopback for tests: records every accepted message (envelope addresses
// included), and can refuse the first N deliveries (a failing server) or hold its greeting until the
// test releases it (a slow one, without a clock).
import net from 'node:net';

export interface ReceivedMail {
  /** Envelope sender and recipients, bare addresses (`a@b.test`). */
  from: string;
  to: string[];
  data: string;
  /** The X-Atomix-Email-Id header, when present. */
  emailId: number | null;
}

export interface FakeSmtpOptions {
  /** Refuse this many MAIL FROM commands with a temporary error before accepting. */
  failFirst?: number;
  /** Greet no one until `releaseGreetings()` (a server that stalls as long as the test wants). */
  holdGreetings?: boolean;
}

/** `<a@b.test> SIZE=12` -> `a@b.test`. */
const envelopeAddress = (text: string) => /<([^>]*)>/.exec(text)?.[1] ?? text.trim();

export async function startFakeSmtp(options: FakeSmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let connections = 0;
  let held: (() => void)[] | null = options.holdGreetings ? [] : null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    connections++;
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let current: Omit<ReceivedMail, 'data' | 'emailId'> = { from: '', to: [] };
    const reply = (line: string) => socket.writable && socket.write(`${line}\r\n`);
    const greet = () => reply('220 fake-smtp ready');
    if (held) held.push(greet);
    else greet();
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const id = /^X-Atomix-Email-Id:\s*(\d+)/im.exec(data)?.[1];
          received.push({ ...current, data, emailId: id ? Number(id) : null });
          reply('250 OK queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          if (refusals < (options.failFirst ?? 0)) {
            refusals++;
            reply('451 4.3.0 Temporary failure, try again later');
          } else {
            current = { from: envelopeAddress(line.slice(10)), to: [] };
            reply('250 OK');
          }
        } else if (verb === 'RCPT') {
          current.to.push(envelopeAddress(line.slice(8)));
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refusals() {
      return refusals;
    },
    /** Connections opened so far (a sender waiting on a held greeting counts). */
    get connections() {
      return connections;
    },
    releaseGreetings() {
      const waiting = held ?? [];
      held = null;
      for (const greet of waiting) greet();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
