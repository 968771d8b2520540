import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { Mailer } from '../src/server/services/mail/mailer.js';
import { linkToken, restFrom } from './support/accounts-support.js';
import { adminCredentials, slow, startTestApp, type TestApp } from './support/harness.js';

/** In production the log never holds a letter's text, links or addresses, nor a link's token from a request's URL. */

const jwtSecret = 'p'.repeat(40);
const asker = { name: 'Пётр Тайный', email: 'asker-private@shop.test', message: 'Перезвоните мне, пожалуйста' };

/** A log that the test reads: one JSON line per entry. */
function capturedLog() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) }, text: () => lines.join('') };
}

describe('configuration', () => {
  it('production without SMTP_URL refuses to start, naming SMTP_URL, unless letters are explicitly kept in the outbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwtSecret })).toThrow(/SMTP_URL/);
    const outbox = loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwtSecret, MAIL_TRANSPORT: 'outbox' });
    expect(outbox).toMatchObject({ mailTransport: 'outbox', logLetterContents: false });
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwtSecret, SMTP_URL: 'smtp://mail.example:587' })).toMatchObject({ mailTransport: 'smtp' });
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'outbox', SMTP_URL: 'smtp://mail.example:587' })).toThrow(/MAIL_TRANSPORT/);
    expect(loadConfig({})).toMatchObject({ mailTransport: 'outbox', logLetterContents: true });
    // A replaced setting is refused rather than silently ignored.
    expect(() => loadConfig({ SIGNIN_FAILURES_PER_ACCOUNT: '10' })).toThrow(/SIGNIN_FAILURES_PER_NETWORK/);
  });
});

describe('a production shop with MAIL_TRANSPORT=outbox', () => {
  let base: TestApp;
  let app: FastifyInstance;
  let baseUrl: string;
  const log = capturedLog();
  beforeAll(async () => {
    base = await startTestApp();
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: jwtSecret,
      MAIL_TRANSPORT: 'outbox',
      DATA_DIR: 'memory://',
      TRUST_PROXY: 'true',
      SHOP_EMAIL: 'desk-private@shop.test',
      PUBLIC_URL: 'https://shop.example',
      ...(base.config.databaseUrl ? { DATABASE_URL: base.config.databaseUrl } : {}),
    });
    app = await buildApp({ config, db: base.db, logger: { stream: log.stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
  });

  it('keeps reset and help-desk letters in the outbox and logs neither their links nor any address', async () => {
    expect(log.text()).toContain('MAIL_TRANSPORT=outbox: letters are NOT sent');
    expect((await restFrom(baseUrl, '10.7.0.1', 'POST', '/auth/reset', { body: { email: adminCredentials.email } })).status).toBe(200);
    expect((await restFrom(baseUrl, '10.7.0.1', 'POST', '/users/help', { body: asker })).status).toBe(200);
    const letters = await vi.waitFor(async () => {
      const rows = await base.db.selectFrom('mailOutbox').select(['id', 'recipient', 'text', 'status']).where('recipient', 'in', [adminCredentials.email, 'desk-private@shop.test']).execute();
      expect(rows).toHaveLength(2);
      return rows;
    }, slow);
    const reset = letters.find((letter) => letter.recipient === adminCredentials.email);
    const token = linkToken(reset?.text ?? '', 'reset');
    expect(letters.every((letter) => letter.status === 'kept')).toBe(true);

    // The owner opens the link: the page, the check of the link, an address in a path.
    await fetch(`${baseUrl}/reset/${token}`);
    await fetch(`${baseUrl}/trpc/auth.checkResetLink?input=${encodeURIComponent(JSON.stringify({ json: { token } }))}`);
    await fetch(`${baseUrl}/api/users/get-by-email/${encodeURIComponent(asker.email)}`);

    await vi.waitFor(() => {
      for (const letter of letters) expect(log.text()).toContain(`"letterId":${letter.id}`);
    }, slow);
    const text = log.text();
    for (const secret of [token, adminCredentials.email, 'desk-private@shop.test', asker.email, asker.name, asker.message, 'https://shop.example/reset']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/reset/…');
  });
});

describe('the mailer in every path (kept, sent, failed, retried)', () => {
  let base: TestApp;
  let smtp: SMTPServer;
  let smtpUrl: string;
  const link = 'https://shop.example/reset/SecretTokenValue-1234567890abcdef';
  const letter = (to: string) => ({ to, subject: 'Восстановление пароля', text: `Ссылка: ${link}`, html: `<a href="${link}">ссылка</a>` });
  beforeAll(async () => {
    base = await startTestApp();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refused')) callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }));
        else callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await base?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  function mailerWithLog(options: { smtpUrl: string | undefined; logContents: boolean }) {
    const log = capturedLog();
    const logger = Fastify({ logger: { level: 'info', stream: log.stream } }).log;
    return { log, mailer: new Mailer({ ...options, from: 'shop@shop.example', db: base.db, log: logger }) };
  }

  it('in production logs letter ids only, and masks addresses in errors', async () => {
    const kept = mailerWithLog({ smtpUrl: undefined, logContents: false });
    await kept.mailer.send(letter('kept-private@shop.test'));

    const { log, mailer } = mailerWithLog({ smtpUrl, logContents: false });
    await mailer.send(letter('sent-private@shop.test'));
    await mailer.send(letter('refused-private@shop.test'));
    // Its turn for another attempt has come: the retry fails the same way.
    await base.db.updateTable('mailOutbox').set({ nextAttemptAt: new Date(Date.now() - 1000) }).where('recipient', '=', 'refused-private@shop.test').execute();
    expect(await mailer.deliverDue()).toBe(0);
    await mailer.close();

    const text = kept.log.text() + log.text();
    expect(text).toContain('e-mail kept in the outbox');
    expect(text).toContain('e-mail sent');
    expect(text).toContain('next attempt in 1 min');
    expect(text).toContain('next attempt in 5 min');
    expect(text).toContain('<адрес>');
    for (const secret of ['private@shop.test', 'SecretTokenValue', link, 'Восстановление пароля']) expect(text).not.toContain(secret);
  });

  it('in development logs a kept letter in full (developers follow its link)', async () => {
    const { log, mailer } = mailerWithLog({ smtpUrl: undefined, logContents: true });
    await mailer.send(letter('dev@shop.test'));
    expect(log.text()).toContain(link);
    expect(log.text()).toContain('dev@shop.test');
  });
});
