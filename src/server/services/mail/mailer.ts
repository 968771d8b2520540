import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/connection.js';
import { claimMinutes, retryAfterMinutes } from '../platform/outbox.js';

/** One e-mail, in both a plain-text and an HTML version. */
export interface Letter {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587`; without it letters stay in the outbox table. */
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * Development: letters are logged in full (a developer follows their links from the log).
   * Otherwise (production) the log names a letter by its id only: never its text, links,
   * subject or addresses, and errors are logged with addresses and links masked.
   */
  logContents: boolean;
}


interface StoredLetter extends Letter {
  id: number;
  attempts: number;
}

/**
 * The one way the shop sends e-mail. Every letter is first written to `mail_outbox`, then:
 * - without SMTP_URL it stays there (`kept`), so a developer or a test can follow its links (in
 *   development it is logged in full too); the housekeeping removes it once its links expired;
 * - with SMTP_URL it is `pending` until sent, then `sent` with its text erased (no usable link is
 *   kept in clear text). A letter that could not be sent — the server failed, or the process
 *   stopped first — is tried again later (after 1, 5, 30, 120 minutes), by this or another
 *   instance, also after a restart.
 */
export class Mailer {
  readonly #options: MailerOptions;
  readonly #smtp: Transporter | undefined;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: MailerOptions) {
    this.#options = options;
    this.#smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
    if (this.#smtp) return;
    // Said once at start-up, loudly where it matters: nobody receives the shop's letters.
    if (options.logContents) options.log.info('No SMTP_URL: letters are kept in the mail_outbox table and written to this log');
    else options.log.warn('MAIL_TRANSPORT=outbox: letters are NOT sent; they stay in the mail_outbox table only (not in this log)');
  }

  get transport(): 'smtp' | 'outbox' {
    return this.#smtp ? 'smtp' : 'outbox';
  }

  /** Writes the letter and, with SMTP, sends it now; a failed send is left for a later attempt. */
  async send(letter: Letter): Promise<void> {
    const { db } = this.#options;
    const row = await db
      .insertInto('mailOutbox')
      .values({
        recipient: letter.to,
        replyTo: letter.replyTo ?? null,
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
        status: this.#smtp ? 'pending' : 'kept',
        nextAttemptAt: this.#smtp ? sql<Date>`now() + make_interval(mins => ${claimMinutes})` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.#smtp) {
      this.logKept(row.id, letter);
      return;
    }
    await this.#deliver({ ...letter, id: row.id, attempts: 0 });
  }

  /** Logs a letter kept in the outbox without SMTP (also those written inside a transaction, e.g. order letters). */
  logKept(letterId: number, letter: Letter): void {
    this.#options.log.info(this.#describe(letterId, letter, { text: letter.text }), 'e-mail kept in the outbox (no SMTP_URL)');
  }

  async #deliver(letter: StoredLetter): Promise<boolean> {
    const { db, log, from } = this.#options;
    const smtp = this.#smtp;
    if (!smtp) return false;
    try {
      await smtp.sendMail({ from, to: letter.to, subject: letter.subject, text: letter.text, html: letter.html, ...(letter.replyTo ? { replyTo: letter.replyTo } : {}) });
      await db
        .updateTable('mailOutbox')
        .set({ status: 'sent', deliveredAt: new Date(), text: '', html: '', nextAttemptAt: null, attempts: letter.attempts + 1, lastError: null })
        .where('id', '=', letter.id)
        .execute();
      log.info(this.#describe(letter.id, letter), 'e-mail sent');
      return true;
    } catch (error) {
      const attempts = letter.attempts + 1;
      const retryIn = retryAfterMinutes(attempts);
      await db
        .updateTable('mailOutbox')
        .set({
          attempts,
          status: retryIn === undefined ? 'failed' : 'pending',
          nextAttemptAt: retryIn === undefined ? null : sql<Date>`now() + make_interval(mins => ${retryIn})`,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where('id', '=', letter.id)
        .execute()
        .catch((cause: unknown) => log.error({ letterId: letter.id, ...this.#error(cause) }, 'e-mail state not saved'));
      log.warn(
        { ...this.#describe(letter.id, letter), ...this.#error(error), attempts },
        retryIn === undefined ? 'e-mail given up' : `e-mail not sent; next attempt in ${retryIn} min`,
      );
      return false;
    }
  }

  /**
   * Sends the letters whose turn has come: left by a process that stopped, or failed before.
   * Each is claimed first (its next attempt pushed back), so two instances never send one twice.
   */
  async deliverDue(limit = 20): Promise<number> {
    if (!this.#smtp) return 0;
    const { rows } = await sql<{ id: number; recipient: string; replyTo: string | null; subject: string; text: string; html: string; attempts: number }>`
      update mail_outbox set next_attempt_at = now() + make_interval(mins => ${claimMinutes})
      where id in (
        select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${limit} for update skip locked
      )
      returning id, recipient, reply_to as "replyTo", subject, text, html, attempts`.execute(this.#options.db);
    let sent = 0;
    for (const row of rows) {
      if (await this.#deliver({ id: row.id, to: row.recipient, subject: row.subject, text: row.text, html: row.html, attempts: row.attempts, ...(row.replyTo ? { replyTo: row.replyTo } : {}) })) sent += 1;
    }
    return sent;
  }

  /**
   * Composes and sends after the answer has gone: a slow or failing mail server neither delays
   * nor fails the request, and the answer takes as long whether a letter was due or not (so
   * timing does not tell which e-mails are registered). `compose` returns null when there is
   * nothing to send. Failures are logged.
   */
  sendInBackground(compose: () => Promise<Letter | null>): void {
    const task = compose()
      .then((letter) => (letter ? this.send(letter) : undefined))
      .catch((error: unknown) => this.#options.log.error(this.#error(error), 'e-mail not sent'))
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
  }

  /** What the log says about a letter: everything in development, its id alone otherwise. */
  #describe(letterId: number, letter: Letter, extra: { text?: string } = {}): Record<string, unknown> {
    if (!this.#options.logContents) return { letterId };
    return { letterId, to: letter.to, subject: letter.subject, ...extra };
  }

  /** An error for the log; outside development its message is masked and its details left out. */
  #error(error: unknown): Record<string, unknown> {
    if (this.#options.logContents) return { err: error };
    const message = error instanceof Error ? error.message : String(error);
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;
    return { error: maskPersonalData(message), ...(code ? { code } : {}) };
  }

  /** Resolves when every background letter is sent or has failed. */
  async idle(): Promise<void> {
    while (this.#pending.size) await Promise.all([...this.#pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.#smtp?.close();
  }
}

/**
 * An SMTP server's or a database's error message may quote a recipient or a letter's link (a
 * rejected address, a failing row's values): addresses and links are masked before logging.
 */
export function maskPersonalData(message: string): string {
  return message
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<ссылка>')
    .replace(/[^\s<>()[\]"',;:]+(@|%40)[^\s<>()[\]"',;:]+/gi, '<адрес>')
    .slice(0, 500);
}
