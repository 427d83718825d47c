/** Port checks with a message that names the port and the variable that changes it. */
import { createServer } from 'node:net';

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, host);
  });
}

export class PortBusyError extends Error {}

/** Throws a PortBusyError naming every busy port and the environment variable that moves it. */
export async function assertPortsFree(ports: Array<{ port: number; variable: string; what: string }>): Promise<void> {
  const busy: string[] = [];
  for (const p of ports) {
    if (!(await isPortFree(p.port))) {
      busy.push(`El puerto ${p.port} (${p.what}) está ocupado. Libéralo o elige otro con ${p.variable}=<puerto>.`);
    }
  }
  if (busy.length > 0) throw new PortBusyError(busy.join('\n'));
}
