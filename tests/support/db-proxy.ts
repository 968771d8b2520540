import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can take away: `refuse()` closes every
 * connection and refuses new ones (a stopped server), `hang()` keeps connections open but passes
 * nothing (a server or network that stopped answering), `restore()` brings it back.
 */
export class DatabaseProxy {
  readonly #server: net.Server;
  readonly #pairs = new Set<[net.Socket, net.Socket]>();
  #mode: 'pass' | 'hang' = 'pass';
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
  ) {
    this.#server = net.createServer((client) => this.#accept(client));
  }

  #accept(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.#pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.#pairs.delete(pair);
    };
    client.on('data', (chunk: Buffer) => {
      if (this.#mode === 'pass') upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.#mode === 'pass') client.write(chunk);
    });
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  }

  async start(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.#server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async refuse(): Promise<void> {
    for (const [client, upstream] of this.#pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.#pairs.clear();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  hang(): void {
    this.#mode = 'hang';
  }

  async restore(): Promise<void> {
    this.#mode = 'pass';
    if (!this.#server.listening) await this.start(this.port);
  }

  async stop(): Promise<void> {
    if (this.#server.listening) await this.refuse();
  }
}
