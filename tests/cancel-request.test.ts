import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cancelTarget, sendCancelRequest } from '../src/server/db/cancel-request.js';

/** Issue 13 point 5: statements of clients that gave up are cancelled without logging in. */

const databaseUrl = process.env['DATABASE_URL'];

describe('the protocol cancel request', () => {
  it('is sent over TCP to the URL’s host and port; sockets and TLS use a connection instead', () => {
    expect(cancelTarget('postgres://postgres@127.0.0.1:5433/shop')).toEqual({ host: '127.0.0.1', port: 5433 });
    expect(cancelTarget('postgres://u:p@db.example/shop')).toEqual({ host: 'db.example', port: 5432 });
    expect(cancelTarget('postgres://u@[::1]:5432/shop')).toEqual({ host: '::1', port: 5432 });
    expect(cancelTarget('postgres://u@localhost/shop?host=/var/run/postgresql')).toBeUndefined();
    expect(cancelTarget('postgres://u@db.example/shop?sslmode=require')).toBeUndefined();
    expect(cancelTarget(undefined)).toBeUndefined();
  });

  it('stops a running statement at once (PostgreSQL), and fails where nobody listens', async () => {
    if (!databaseUrl) {
      // A port just closed: the caller then falls back to pg_cancel_backend.
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address() as net.AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      await expect(sendCancelRequest({ host: '127.0.0.1', port: address.port }, 1, 1, 1_000)).rejects.toThrow();
      return;
    }
    const target = cancelTarget(databaseUrl);
    expect(target).toBeDefined();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { processID, secretKey } = client as unknown as { processID: number; secretKey: number };
      const started = Date.now();
      const sleeping = client.query('select pg_sleep(10)').then(
        () => 'finished',
        (error: { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (target) await sendCancelRequest(target, processID, secretKey, 2_000);
      expect(await sleeping).toBe('57014');
      expect(Date.now() - started).toBeLessThan(5_000);
      // The session itself stays usable.
      expect((await client.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await client.end();
    }
  });
});
