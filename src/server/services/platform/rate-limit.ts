import { isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { defaultSigninLimits, type SigninLimits } from '../../config.js';

/** Actions limited per client address and minute (docs/platform.md); procedures doing the same share one. */
export type IpRateLimitedAction = 'signin' | 'signup' | 'reset' | 'help' | 'confirmation' | 'subscribe' | 'callback' | 'qrCheck';

/**
 * What is counted, and per what:
 * - an IP action, per client address (an IPv6 address counts for its whole /64) and minute;
 * - `body`: requests that carry a body, per client address and minute, counted before the body
 *   is read (http/request-bodies.ts);
 * - `letter`: letters of the accounts domain (confirmation, reset, sign-in warning) per recipient
 *   address and hour, whoever asks for them, so the shop cannot be made to flood a mailbox;
 * - `signinNetwork`: failed sign-ins per (account, client network) pair;
 * - `signinAccount`: failed sign-ins per account, whatever the networks (its budget);
 * - `signinWarning`: warning letters per account (one per budget window).
 * The three sign-in counters are keyed by whatever the caller passes (services/accounts/signin.ts).
 */
export type RateLimitedAction = IpRateLimitedAction | 'letter' | 'body' | SigninCounter;
export type SigninCounter = 'signinNetwork' | 'signinAccount' | 'signinWarning';

/**
 * Hourly limits on what guests create, so that fake orders cannot hold stock or mail strangers:
 * direct checkouts per IP and per recipient e-mail, anonymous baskets, wishlists and direct
 * addresses per IP (each kind its own count), and order letters per recipient.
 */
export type HourlyLimit = 'guestOrderPerIp' | 'guestOrderPerEmail' | 'guestBasketPerIp' | 'guestWishlistPerIp' | 'guestAddressPerIp' | 'orderLetter';
const perEmail: ReadonlySet<HourlyLimit> = new Set<HourlyLimit>(['guestOrderPerEmail', 'orderLetter']);

export interface RateLimitsOptions {
  perMinute: number;
  lettersPerAddressPerHour?: number;
  signin?: SigninLimits;
  bodyRequestsPerMinute?: number;
  /** Points per hour of each hourly limit; a limit left out is not counted. */
  hourly?: Partial<Record<HourlyLimit, number>>;
  /** Shared counters across instances; in process memory when absent. */
  redisUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Where a subject stands in its window: used up or not, and when the window ends. */
export interface LimitState {
  exhausted: boolean;
  msBeforeReset: number;
}

type LimiterName = 'ip' | 'letter' | 'body' | SigninCounter;
const limiterNames: readonly LimiterName[] = ['ip', 'letter', 'body', 'signinNetwork', 'signinAccount', 'signinWarning'];

const keyedBySubject: ReadonlySet<string> = new Set<RateLimitedAction>(['letter', 'signinNetwork', 'signinAccount', 'signinWarning']);

function isKeyedBySubject(action: RateLimitedAction): action is Exclude<LimiterName, 'ip'> {
  return keyedBySubject.has(action);
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
  readonly #limiters: Record<LimiterName, RateLimiterAbstract>;
  readonly #hourly = new Map<HourlyLimit, RateLimiterAbstract>();
  readonly #redis: Redis | undefined;

  constructor({ perMinute, lettersPerAddressPerHour = 5, signin = defaultSigninLimits, bodyRequestsPerMinute = 600, hourly = {}, redisUrl, log }: RateLimitsOptions) {
    const windows: Record<LimiterName, Window> = {
      ip: { points: perMinute, seconds: 60, keyPrefix: 'shop-rate' },
      letter: { points: lettersPerAddressPerHour, seconds: 3600, keyPrefix: 'shop-letter' },
      body: { points: bodyRequestsPerMinute, seconds: 60, keyPrefix: 'shop-body' },
      signinNetwork: { points: signin.perNetwork, seconds: signin.networkWindowSeconds, keyPrefix: 'shop-signin-network' },
      signinAccount: { points: signin.accountBudget, seconds: signin.accountWindowSeconds, keyPrefix: 'shop-signin-account' },
      signinWarning: { points: 1, seconds: signin.accountWindowSeconds, keyPrefix: 'shop-signin-warning' },
    };
    const memory = (window: Window) => new RateLimiterMemory({ points: window.points, duration: window.seconds, keyPrefix: window.keyPrefix });
    const hourlyWindows = Object.entries(hourly).map(([name, points]) => [name as HourlyLimit, { points, seconds: 3600, keyPrefix: `shop-hourly-${name}` }] as const);
    const each = (make: (window: Window) => RateLimiterAbstract) =>
      Object.fromEntries(limiterNames.map((name) => [name, make(windows[name])])) as Record<LimiterName, RateLimiterAbstract>;
    if (!redisUrl) {
      this.#limiters = each(memory);
      for (const [name, window] of hourlyWindows) this.#hourly.set(name, memory(window));
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
    this.#limiters = each(shared);
    for (const [name, window] of hourlyWindows) this.#hourly.set(name, shared(window));
  }

  static #hourlyKey(limit: HourlyLimit, subject: string): string {
    return perEmail.has(limit) ? subject.trim().toLowerCase() : clientKey(subject);
  }

  /** Counts one for an hourly limit (subject: an IP, or an e-mail); false once the hour's points are used. */
  async consumeHourly(limit: HourlyLimit, subject: string): Promise<boolean> {
    const limiter = this.#hourly.get(limit);
    if (!limiter) return true;
    try {
      await limiter.consume(RateLimits.#hourlyKey(limit, subject));
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }

  /** Gives back one point (an attempt that turned out to repeat an earlier one). */
  async refundHourly(limit: HourlyLimit, subject: string): Promise<void> {
    await this.#hourly.get(limit)?.reward(RateLimits.#hourlyKey(limit, subject)).catch(() => undefined);
  }

  #limiterOf(action: RateLimitedAction): { limiter: RateLimiterAbstract; key: (subject: string) => string } {
    if (action === 'body') return { limiter: this.#limiters.body, key: clientKey };
    if (isKeyedBySubject(action)) return { limiter: this.#limiters[action], key: (subject) => subject.toLowerCase() };
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
    return (await this.state(action, subject)).exhausted;
  }

  /** Whether the subject's window is used up, and how long until it ends; counts nothing. */
  async state(action: RateLimitedAction, subject: string): Promise<LimitState> {
    const { limiter, key } = this.#limiterOf(action);
    const state = await limiter.get(key(subject)).catch(() => null);
    if (!state) return { exhausted: false, msBeforeReset: 0 };
    return { exhausted: state.remainingPoints <= 0, msBeforeReset: Math.max(state.msBeforeNext, 0) };
  }

  /** Starts the subject's count afresh (a successful sign-in clears its pair's failures). */
  async forget(action: RateLimitedAction, subject: string): Promise<void> {
    const { limiter, key } = this.#limiterOf(action);
    await limiter.delete(key(subject)).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.#redis && this.#redis.status !== 'end') await this.#redis.quit().catch(() => this.#redis?.disconnect());
  }
}
