import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const positiveCount = optionalString.pipe(
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a positive whole number')
    .transform(Number)
    .optional(),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    DB_CONNECT_TIMEOUT_MS: positiveCount,
    DB_STATEMENT_TIMEOUT_MS: positiveCount,
    DATABASE_REPLICA_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
    DATABASE_REPLICA_MAX_LAG_MS: optionalString.pipe(z.string().regex(/^\d+$/, 'must be whole milliseconds').transform(Number).pipe(z.number().min(200, 'must be at least 200').max(600_000, 'must be at most 600000')).optional()),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Магазин <shop@localhost>'),
    FEED_SHOP_NAME: z.string().trim().min(1).max(20).default('Магазин'),
    FEED_COMPANY: z.string().trim().min(1).max(200).default('Магазин'),
    SHOP_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    RATE_LIMIT_PER_MINUTE: positiveCount,
    LETTERS_PER_ADDRESS_PER_HOUR: positiveCount,
    SIGNIN_FAILURES_PER_NETWORK: positiveCount,
    SIGNIN_NETWORK_WINDOW_SECONDS: positiveCount,
    SIGNIN_ACCOUNT_FAILURE_BUDGET: positiveCount,
    SIGNIN_ACCOUNT_WINDOW_SECONDS: positiveCount,
    /** Replaced (README → Configuration): refused rather than silently ignored. */
    SIGNIN_FAILURES_PER_ACCOUNT: optionalString,
    MAIL_TRANSPORT: optionalString.pipe(z.enum(['smtp', 'outbox']).optional()),
    GUEST_ORDERS_PER_IP_PER_HOUR: positiveCount,
    GUEST_ORDERS_PER_EMAIL_PER_HOUR: positiveCount,
    GUEST_RECORDS_PER_IP_PER_HOUR: positiveCount,
    ORDER_LETTERS_PER_ADDRESS_PER_HOUR: positiveCount,
    MAX_UNITS_PER_LINE: positiveCount,
    MAX_UNITS_PER_GUEST_ORDER: positiveCount,
    MAX_OPEN_GUEST_UNITS: positiveCount,
    BODY_REQUESTS_PER_MINUTE: positiveCount,
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    MAX_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
    PHOTOS_PER_USER_PER_DAY: z.coerce.number().int().positive().default(30),
    WEBHOOKS_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
    WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
    YOOKASSA_SHOP_ID: optionalString.pipe(z.string().regex(/^\d{1,20}$/, 'must be the shop id (digits)').optional()),
    YOOKASSA_SECRET_KEY: optionalString,
    YOOKASSA_API_URL: optionalString.pipe(z.url().optional()),
    YOOKASSA_TIMEOUT_MS: positiveCount,
    PAYMENT_TIMEOUT_MINUTES: positiveCount,
    PAYMENT_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
    VAT_CODE: z.coerce.number().int().min(1, 'must be a ЮKassa vat_code 1–10').max(10, 'must be a ЮKassa vat_code 1–10').default(1),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    S3_BUCKET: optionalString.pipe(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_TRANSPORT !== 'outbox') {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when NODE_ENV=production (or set MAIL_TRANSPORT=outbox to keep letters in the mail_outbox table only)' });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_TRANSPORT=smtp' });
    }
    if (env.MAIL_TRANSPORT === 'outbox' && env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: 'outbox keeps letters unsent: unset SMTP_URL or MAIL_TRANSPORT' });
    }
    if (env.SIGNIN_FAILURES_PER_ACCOUNT) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNIN_FAILURES_PER_ACCOUNT'],
        message: 'was replaced by SIGNIN_FAILURES_PER_NETWORK and SIGNIN_ACCOUNT_FAILURE_BUDGET (README → Configuration)',
      });
    }
    if (Boolean(env.YOOKASSA_SHOP_ID) !== Boolean(env.YOOKASSA_SECRET_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['YOOKASSA_SECRET_KEY'], message: 'YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY go together' });
    }
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
    if (s3 !== 0 && s3 !== 4) {
      ctx.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (all or none)' });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
  });

/** Failed sign-ins allowed per (account, client network) and per account, and their windows. */
export interface SigninLimits {
  perNetwork: number;
  networkWindowSeconds: number;
  accountBudget: number;
  accountWindowSeconds: number;
}

export const defaultSigninLimits: SigninLimits = { perNetwork: 5, networkWindowSeconds: 900, accountBudget: 50, accountWindowSeconds: 3600 };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Where the embedded database lives; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** PostgreSQL: connecting or waiting for a pool connection, and one statement (README → Database). */
  databaseTimeouts: { connectMs: number; statementMs: number };
  /** A streaming replica for catalogue and content reads, and the staleness bound (docs/replicas.md); PostgreSQL only. */
  databaseReplica: { url: string; maxLagMs: number } | undefined;
  /** Absent: a random secret generated once and kept in the database (services/platform/app-state.ts). */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  /** `outbox`: letters stay in the mail_outbox table (no SMTP_URL; in production only when asked for). */
  mailTransport: 'smtp' | 'outbox';
  /** Letters written to the log in full (text, links, addresses): never in production. */
  logLetterContents: boolean;
  mailFrom: string;
  /** The YML feed's <name> and <company> (docs/catalogue-import.md). */
  feed: { shopName: string; company: string };
  shopEmail: string;
  admin: { email: string; password: string } | undefined;
  redisUrl: string | undefined;
  /** Sign-in, sign-up, reset, help-desk and confirmation attempts per minute, per action and IP. */
  rateLimitPerMinute: number;
  /** Confirmation and reset letters to one address per hour, whoever asks for them. */
  lettersPerAddressPerHour: number;
  /** Failed sign-ins per (account, network) and per account (README → Accounts, rate limits). */
  signin: SigninLimits;
  /** What guests (and anyone) may do, so that fake orders cannot hold stock or mail strangers. */
  guestLimits: GuestLimits;
  /** Requests carrying a body (POST, PUT…) per minute and IP, counted before the body is read. */
  bodyRequestsPerMinute: number;
  /** Take the client's IP from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  maxUploadBytes: number;
  /** Images a signed-in non-admin (review photos) may upload in 24 hours. */
  photosPerUserPerDay: number;
  /** Webhook endpoints may use plain http (development and tests); otherwise HTTPS only. */
  webhooksAllowHttp: boolean;
  /** How often due webhook deliveries are looked for. */
  webhookPollMs: number;
  /** Online payment (docs/payments.md): ЮKassa when both keys are set, else only payment on delivery. */
  payments: PaymentSettings;
  logLevel: string;
  /** GET /metrics answers a scraper presenting it as a Bearer token; absent: no metrics (docs/metrics.md). */
  metricsToken: string | undefined;
  /** Image bytes in an S3-compatible bucket (docs/media.md, "Object storage"); undefined: in the database. */
  s3: S3Settings | undefined;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

export interface PaymentSettings {
  yookassa: { shopId: string; secretKey: string; apiUrl: string; timeoutMs: number } | undefined;
  /** An online order not paid within this many minutes is cancelled and its stock returned. */
  timeoutMinutes: number;
  /** How often pending payments are asked about and unpaid orders expired. */
  pollMs: number;
  /** The receipt lines' vat_code (1: без НДС). */
  vatCode: number;
}

export interface GuestLimits {
  /** Direct (no account) checkouts per client IP and hour. */
  ordersPerIpPerHour: number;
  /** Direct checkouts per recipient e-mail and hour. */
  ordersPerEmailPerHour: number;
  /** Anonymous baskets, wishlists and direct addresses created per client IP and hour (each kind). */
  recordsPerIpPerHour: number;
  /** Order letters (placed, status changes) to one address per hour; further ones are not sent. */
  orderLettersPerAddressPerHour: number;
  /** Units of one item in a basket line or an order line (staff orders excepted). */
  unitsPerLine: number;
  /** Units in one direct order. */
  unitsPerGuestOrder: number;
  /** Units that not yet shipped direct orders from one IP, e-mail or phone may hold together. */
  openGuestUnits: number;
}

export class ConfigError extends Error {}

/** Reads the environment once; a wrong value stops start-up with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS ?? 3_000, statementMs: e.DB_STATEMENT_TIMEOUT_MS ?? 10_000 },
    databaseReplica: e.DATABASE_REPLICA_URL ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS ?? 5_000 } : undefined,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailTransport: e.SMTP_URL ? 'smtp' : 'outbox',
    logLetterContents: e.NODE_ENV !== 'production',
    mailFrom: e.MAIL_FROM,
    feed: { shopName: e.FEED_SHOP_NAME, company: e.FEED_COMPANY },
    shopEmail: e.SHOP_EMAIL ?? e.ADMIN_EMAIL ?? 'shop@localhost',
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    redisUrl: e.REDIS_URL,
    // Test files sign in many times from one address; the rate-limit tests set their own limit.
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 1000 : 20),
    lettersPerAddressPerHour: e.LETTERS_PER_ADDRESS_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1000 : 5),
    // Tests sign in wrongly on purpose from one address; the lockout tests set their own limits.
    signin: {
      perNetwork: e.SIGNIN_FAILURES_PER_NETWORK ?? (e.NODE_ENV === 'test' ? 1000 : defaultSigninLimits.perNetwork),
      networkWindowSeconds: e.SIGNIN_NETWORK_WINDOW_SECONDS ?? defaultSigninLimits.networkWindowSeconds,
      accountBudget: e.SIGNIN_ACCOUNT_FAILURE_BUDGET ?? (e.NODE_ENV === 'test' ? 1000 : defaultSigninLimits.accountBudget),
      accountWindowSeconds: e.SIGNIN_ACCOUNT_WINDOW_SECONDS ?? defaultSigninLimits.accountWindowSeconds,
    },
    guestLimits: {
      ordersPerIpPerHour: e.GUEST_ORDERS_PER_IP_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1000 : 10),
      ordersPerEmailPerHour: e.GUEST_ORDERS_PER_EMAIL_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1000 : 5),
      recordsPerIpPerHour: e.GUEST_RECORDS_PER_IP_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1000 : 60),
      orderLettersPerAddressPerHour: e.ORDER_LETTERS_PER_ADDRESS_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1000 : 10),
      unitsPerLine: e.MAX_UNITS_PER_LINE ?? 20,
      unitsPerGuestOrder: e.MAX_UNITS_PER_GUEST_ORDER ?? 30,
      openGuestUnits: e.MAX_OPEN_GUEST_UNITS ?? 60,
    },
    bodyRequestsPerMinute: e.BODY_REQUESTS_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 100_000 : 600),
    trustProxy: e.TRUST_PROXY === 'true',
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    photosPerUserPerDay: e.PHOTOS_PER_USER_PER_DAY,
    webhooksAllowHttp: e.WEBHOOKS_ALLOW_HTTP === 'true',
    webhookPollMs: e.WEBHOOK_POLL_MS,
    payments: {
      yookassa:
        e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
          ? {
              shopId: e.YOOKASSA_SHOP_ID,
              secretKey: e.YOOKASSA_SECRET_KEY,
              apiUrl: (e.YOOKASSA_API_URL ?? 'https://api.yookassa.ru/v3').replace(/\/$/, ''),
              timeoutMs: e.YOOKASSA_TIMEOUT_MS ?? 10_000,
            }
          : undefined,
      timeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES ?? 30,
      pollMs: e.PAYMENT_POLL_MS,
      vatCode: e.VAT_CODE,
    },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
  };
}
