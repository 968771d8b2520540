import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/connection.js';

/** One e-mail, in both a plain-text and an HTML version. */
export interface Letter {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587`; without it letters go to the outbox table and the log. */
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * The one way the shop sends e-mail (PRODUCT.md, E-mail): by SMTP when SMTP_URL is set, otherwise
 * into the `mail_outbox` table and the log, so that a developer or a test can follow the links.
 */
export class Mailer {
  readonly #options: MailerOptions;
  readonly #smtp: Transporter | undefined;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: MailerOptions) {
    this.#options = options;
    this.#smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  get transport(): 'smtp' | 'outbox' {
    return this.#smtp ? 'smtp' : 'outbox';
  }

  /** Sends now; a failure is thrown to the caller. */
  async send(letter: Letter): Promise<void> {
    if (this.#smtp) {
      await this.#smtp.sendMail({ from: this.#options.from, ...letter });
      this.#options.log.info({ to: letter.to, subject: letter.subject }, 'e-mail sent');
      return;
    }
    await this.#options.db
      .insertInto('mailOutbox')
      .values({ recipient: letter.to, replyTo: letter.replyTo ?? null, subject: letter.subject, text: letter.text, html: letter.html })
      .execute();
    this.#options.log.info({ to: letter.to, subject: letter.subject, text: letter.text }, 'e-mail kept in the outbox (no SMTP_URL)');
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
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'e-mail not sent'))
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
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
