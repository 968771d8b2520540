import net from 'node:net';

/** Where a CancelRequest can be sent: a TCP host and port named by the database URL. */
export function cancelTarget(databaseUrl: string | undefined): { host: string; port: number } | undefined {
  if (!databaseUrl) return undefined;
  try {
    const url = new URL(databaseUrl);
    const sslmode = url.searchParams.get('sslmode');
    // Unix sockets (a `host` parameter) and TLS-only servers get the login-and-query fallback.
    if (!url.hostname || url.searchParams.has('host') || (sslmode && sslmode !== 'disable')) return undefined;
    return { host: decodeURIComponent(url.hostname).replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : 5432 };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL's CancelRequest (frontend/backend protocol 3): 16 bytes sent on a fresh socket, with
 * the backend's process id and secret key from its BackendKeyData. No login, no backend set up:
 * far cheaper for the server than connecting to run `pg_cancel_backend`, which matters when many
 * clients give up at once. Resolves once the server has closed the socket (it has then signalled
 * the backend).
 */
export function sendCancelRequest(target: { host: string; port: number }, processId: number, secretKey: number, timeoutMs: number): Promise<void> {
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80877102, 4);
  packet.writeInt32BE(processId, 8);
  packet.writeInt32BE(secretKey, 12);
  return new Promise((resolve, reject) => {
    const socket = net.connect(target, () => socket.end(packet));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The cancel request timed out')));
    socket.once('error', reject);
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
    socket.resume();
  });
}
