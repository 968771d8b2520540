import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '../src/shared/schemas/accounts.js';
import { linkToken } from './support/accounts-support.js';
import { slow, startTestApp, type TestApp } from './support/harness.js';

interface ReceivedLetter {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

/** Just enough MIME for nodemailer's multipart/alternative letters. */
function parseLetter(raw: string, from: string, to: string[]): ReceivedLetter {
  const { headers, body } = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map((part) => splitPart(part.replace(/^\r?\n/, ''))) : [{ headers, body }];
  const partOf = (type: string) => {
    const part = parts.find((candidate) => candidate.headers['content-type']?.startsWith(type));
    return part ? decodeBody(part.body, part.headers['content-transfer-encoding']) : '';
  };
  return { from, to, subject: decodeHeaderWords(headers['subject'] ?? ''), text: partOf('text/plain'), html: partOf('text/html') };
}

let smtp: SMTPServer;
let t: TestApp;
const received: ReceivedLetter[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push(parseLetter(Buffer.concat(chunks).toString('utf8'), from, session.envelope.rcptTo.map((rcpt) => rcpt.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://shop.example', MAIL_FROM: 'Магазин <shop@shop.example>' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function letterTo(address: string, subject: string): Promise<ReceivedLetter> {
  return vi.waitFor(
    () => {
      const letter = received.find((candidate) => candidate.to.includes(address) && candidate.subject === subject);
      if (!letter) throw new Error(`No letter «${subject}» to ${address} yet`);
      return letter;
    },
    { timeout: 5000, interval: 25 },
  );
}

describe('with SMTP_URL the mailer sends by SMTP', () => {
  it('sends the confirmation letter in Russian with a working /confirm link, and keeps no link in the outbox', async () => {
    const signup = await t.rest<AuthResponse>('POST', '/auth/signup', {
      body: { firstName: 'Светлана', lastName: 'Орлова', email: 'sveta@shop.test', password: 'sveta-password', consent: true },
    });
    expect(signup.status).toBe(200);

    const letter = await letterTo('sveta@shop.test', 'Подтвердите адрес электронной почты');
    expect(letter.from).toBe('shop@shop.example');
    expect(letter.text).toContain('Здравствуйте, Светлана!');
    expect(letter.text).toContain('Ссылка действует 24 часа.');
    const token = linkToken(letter.text, 'confirm');
    expect(letter.text).toContain(`https://shop.example/confirm/${token}`);
    expect(letter.html).toContain(`href="https://shop.example/confirm/${token}"`);

    const confirmed = await t.rest<AuthResponse>('GET', `/auth/authorize/${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ email: 'sveta@shop.test', isVerified: true });
    // The letter was written first and is marked sent, its text erased: no usable link is kept.
    await vi.waitFor(async () => {
      const rows = await t.db.selectFrom('mailOutbox').select(['status', 'text', 'html']).where('recipient', '=', 'sveta@shop.test').execute();
      expect(rows).toEqual([{ status: 'sent', text: '', html: '' }]);
    }, slow);
  });

  it('sends the reset letter with a /reset link that sets the new password', async () => {
    await t.rest('POST', '/auth/signup', { body: { firstName: 'Олег', email: 'oleg@shop.test', password: 'oleg-password', consent: true } });
    expect((await t.rest('POST', '/auth/reset', { body: { email: 'oleg@shop.test' } })).status).toBe(200);
    const letter = await letterTo('oleg@shop.test', 'Восстановление пароля');
    const token = linkToken(letter.text, 'reset');
    expect(letter.text).toContain(`https://shop.example/reset/${token}`);
    expect((await t.rest('PUT', '/auth/update-password', { body: { token, password: 'oleg-new-password' } })).status).toBe(200);
    expect((await t.rest('POST', '/auth/signin', { body: { email: 'oleg@shop.test', password: 'oleg-new-password' } })).status).toBe(200);
  });
});

describe('letters left behind', () => {
  it('are sent after the next start when the process stopped before sending them, then keep no text', async () => {
    const { id } = await t.db
      .insertInto('mailOutbox')
      .values({
        recipient: 'left@shop.test',
        subject: 'Письмо до перезапуска',
        text: 'Ссылка: https://shop.example/reset/abc',
        html: '<p>Ссылка</p>',
        status: 'pending',
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { port } = smtp.server.address() as AddressInfo;
    // The next start: housekeeping sends what is due at once.
    const restarted = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Магазин <shop@shop.example>' }, undefined, t.database);
    try {
      const letter = await letterTo('left@shop.test', 'Письмо до перезапуска');
      expect(letter.text).toContain('https://shop.example/reset/abc');
      await vi.waitFor(async () => {
        const row = await t.db.selectFrom('mailOutbox').select(['status', 'text', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'sent', text: '', attempts: 1 });
      }, slow);
    } finally {
      await restarted.close();
    }
  });

  it('are tried again later when the mail server fails', async () => {
    const broken = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Магазин <shop@shop.example>' }, undefined, t.database);
    try {
      await broken.rest('POST', '/users/help', { body: { email: 'asker@shop.test', message: 'Вопрос' } });
      const row = await vi.waitFor(
        async () => {
          const pending = await t.db.selectFrom('mailOutbox').select(['status', 'attempts', 'nextAttemptAt', 'lastError']).where('replyTo', '=', 'asker@shop.test').executeTakeFirst();
          expect(pending?.attempts).toBe(1);
          return pending!;
        },
        { timeout: 5000 },
      );
      expect(row.status).toBe('pending');
      expect(row.lastError).toEqual(expect.any(String));
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      await broken.close();
    }
  });
});
