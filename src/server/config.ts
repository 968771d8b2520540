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
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Магазин <shop@localhost>'),
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
    SIGNIN_FAILURES_PER_ACCOUNT: positiveCount,
    BODY_REQUESTS_PER_MINUTE: positiveCount,
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    MAX_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
    PHOTOS_PER_USER_PER_DAY: z.coerce.number().int().positive().default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
  });

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
  /** Absent: a random secret generated once and kept in the database (services/app-secrets.ts). */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string;
  admin: { email: string; password: string } | undefined;
  redisUrl: string | undefined;
  /** Sign-in, sign-up, reset, help-desk and confirmation attempts per minute, per action and IP. */
  rateLimitPerMinute: number;
  /** Confirmation and reset letters to one address per hour, whoever asks for them. */
  lettersPerAddressPerHour: number;
  /** Failed sign-ins of one account per 15 minutes before its sign-in answers 429. */
  signinFailuresPerAccount: number;
  /** Requests carrying a body (POST, PUT…) per minute and IP, counted before the body is read. */
  bodyRequestsPerMinute: number;
  /** Take the client's IP from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  maxUploadBytes: number;
  /** Images a signed-in non-admin (review photos) may upload in 24 hours. */
  photosPerUserPerDay: number;
  logLevel: string;
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
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL ?? e.ADMIN_EMAIL ?? 'shop@localhost',
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    redisUrl: e.REDIS_URL,
    // Test files sign in many times from one address; the rate-limit tests set their own limit.
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 1000 : 20),
    lettersPerAddressPerHour: e.LETTERS_PER_ADDRESS_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1000 : 5),
    signinFailuresPerAccount: e.SIGNIN_FAILURES_PER_ACCOUNT ?? (e.NODE_ENV === 'test' ? 1000 : 10),
    bodyRequestsPerMinute: e.BODY_REQUESTS_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 100_000 : 600),
    trustProxy: e.TRUST_PROXY === 'true',
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    photosPerUserPerDay: e.PHOTOS_PER_USER_PER_DAY,
    logLevel: e.LOG_LEVEL,
  };
}
