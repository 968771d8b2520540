import { isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Actions PRODUCT.md limits per client address and minute; procedures doing the same share one. */
export type IpRateLimitedAction = 'signin' | 'signup' | 'reset' | 'help' | 'confirmation' | 'subscribe' | 'callback' | 'qrCheck';

/**
 * What is counted, and per what:
 * - an IP action, per client address (an IPv6 address counts for its whole /64) and minute;
 * - `body`: requests that carry a body, per client address and minute, counted before the body
 *   is read (http/request-bodies.ts);
 * - `letter`: letters of the accounts domain (confirmation, reset) per recipient address and hour,
 *   whoever asks for them, so the shop cannot be made to flood a mailbox;
 * - `signinFailure`: failed sign-ins per account and 15 minutes, whatever the IPs.
 */
export type RateLimitedAction = IpRateLimitedAction | 'letter' | 'signinFailure' | 'body';

export interface RateLimitsOptions {
  perMinute: number;
  lettersPerAddressPerHour?: number;
  signinFailuresPerAccount?: number;
  bodyRequestsPerMinute?: number;
  /** Shared counters across instances; in process memory when absent. */
  redisUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

interface Window {
  points: number;
  seconds: number;
  keyPrefix: string;
}

/** The part of an address that identifies one client: a whole IPv6 /64 is one household or host. */
export function clientKey(ip: string): string {
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Attempts per window. With Redis the counters are shared by every instance; should Redis be
 * unreachable, each instance falls back to its own memory rather than failing sign-ins.
 */
export class RateLimits {
  readonly #limiters: Record<'ip' | 'letter' | 'signinFailure' | 'body', RateLimiterAbstract>;
  readonly #redis: Redis | undefined;

  constructor({ perMinute, lettersPerAddressPerHour = 5, signinFailuresPerAccount = 10, bodyRequestsPerMinute = 600, redisUrl, log }: RateLimitsOptions) {
    const windows = {
      ip: { points: perMinute, seconds: 60, keyPrefix: 'shop-rate' },
      letter: { points: lettersPerAddressPerHour, seconds: 3600, keyPrefix: 'shop-letter' },
      signinFailure: { points: signinFailuresPerAccount, seconds: 900, keyPrefix: 'shop-signin-failure' },
      body: { points: bodyRequestsPerMinute, seconds: 60, keyPrefix: 'shop-body' },
    } satisfies Record<string, Window>;
    const memory = (window: Window) => new RateLimiterMemory({ points: window.points, duration: window.seconds, keyPrefix: window.keyPrefix });
    if (!redisUrl) {
      this.#limiters = { ip: memory(windows.ip), letter: memory(windows.letter), signinFailure: memory(windows.signinFailure), body: memory(windows.body) };
      return;
    }
    // No offline queue: while Redis is down a call fails at once and the memory limiter answers.
    const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.#redis = redis;
    let warned = false;
    redis.on('error', (error: unknown) => {
      if (!warned) log.warn({ err: error }, 'Redis unreachable: rate limits are counted per instance');
      warned = true;
    });
    redis.on('ready', () => {
      warned = false;
    });
    const shared = (window: Window) =>
      new RateLimiterRedis({
        points: window.points,
        duration: window.seconds,
        keyPrefix: window.keyPrefix,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory(window),
      });
    this.#limiters = { ip: shared(windows.ip), letter: shared(windows.letter), signinFailure: shared(windows.signinFailure), body: shared(windows.body) };
  }

  #limiterOf(action: RateLimitedAction): { limiter: RateLimiterAbstract; key: (subject: string) => string } {
    if (action === 'letter' || action === 'signinFailure') return { limiter: this.#limiters[action], key: (subject) => subject.toLowerCase() };
    if (action === 'body') return { limiter: this.#limiters.body, key: clientKey };
    return { limiter: this.#limiters.ip, key: (subject) => `${action}:${clientKey(subject)}` };
  }

  /** Counts one attempt; false once the subject (IP, address, account) has used up its window. */
  async consume(action: RateLimitedAction, subject: string): Promise<boolean> {
    return (await this.consumeOrWait(action, subject)) === 0;
  }

  /** Counts one attempt: 0 when allowed, otherwise the seconds until the subject may try again. */
  async consumeOrWait(action: RateLimitedAction, subject: string): Promise<number> {
    const { limiter, key } = this.#limiterOf(action);
    try {
      await limiter.consume(key(subject));
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  /** True while the subject's window is used up, without counting an attempt. */
  async isExhausted(action: RateLimitedAction, subject: string): Promise<boolean> {
    const { limiter, key } = this.#limiterOf(action);
    const state = await limiter.get(key(subject)).catch(() => null);
    return state !== null && state.remainingPoints <= 0;
  }

  async close(): Promise<void> {
    if (this.#redis && this.#redis.status !== 'end') await this.#redis.quit().catch(() => this.#redis?.disconnect());
  }
}
