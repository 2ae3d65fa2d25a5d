// What the benchmarks share about the processes they start: a port for one, and stopping it.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
export function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
