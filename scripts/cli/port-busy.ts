/** A port someone else already listens on, said in one line with the way to choose another. */
import { createServer } from 'node:net';

/** Whether err is Node's "address already in use". */
export const isPortBusy = (err: unknown): boolean => (err as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';

/** "port 8080 on 127.0.0.1 is already in use: choose another with --port N or PORT=N" */
export const portBusyLine = (host: string, port: number, ways: string): string =>
  `port ${port} on ${host} is already in use: choose another with ${ways}`;

/**
 * Resolves when host:port can be listened on now; rejects with Node's error (EADDRINUSE) when it cannot. For a
 * command that hands the port to a child process, which would otherwise report it after its whole start-up.
 */
export function probePort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });
}
