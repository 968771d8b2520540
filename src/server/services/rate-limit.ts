import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { middleware } from '../trpc.js';

/** The actions PRODUCT.md limits per IP; procedures that do the same thing share one. */
export type RateLimitedAction = 'signin' | 'signup' | 'reset' | 'help' | 'confirmation';

export interface RateLimitsOptions {
  perMinute: number;
  /** Shared counters across instances; in process memory when absent. */
  redisUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Attempts per minute, per action and IP. With Redis the counters are shared by every instance;
 * should Redis be unreachable, each instance falls back to its own memory rather than failing
 * sign-ins.
 */
export class RateLimits {
  readonly #limiter: RateLimiterAbstract;
  readonly #redis: Redis | undefined;

  constructor({ perMinute, redisUrl, log }: RateLimitsOptions) {
    const options = { points: perMinute, duration: 60, keyPrefix: 'shop-rate' };
    if (!redisUrl) {
      this.#limiter = new RateLimiterMemory(options);
      return;
    }
    // No offline queue: while Redis is down a call fails at once and the memory limiter answers.
    this.#redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    let warned = false;
    this.#redis.on('error', (error: unknown) => {
      if (!warned) log.warn({ err: error }, 'Redis unreachable: rate limits are counted per instance');
      warned = true;
    });
    this.#redis.on('ready', () => {
      warned = false;
    });
    this.#limiter = new RateLimiterRedis({
      ...options,
      storeClient: this.#redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }

  /** Counts one attempt; false once the IP has used up this minute's attempts for the action. */
  async consume(action: RateLimitedAction, ip: string): Promise<boolean> {
    try {
      await this.#limiter.consume(`${action}:${ip}`);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }

  async close(): Promise<void> {
    if (this.#redis && this.#redis.status !== 'end') await this.#redis.quit().catch(() => this.#redis?.disconnect());
  }
}

/** A tRPC middleware: past the limit, 429 with the message of SPEC.md section 8. */
export function rateLimited(action: RateLimitedAction) {
  return middleware(async ({ ctx, next }) => {
    if (!(await ctx.rateLimits.consume(action, ctx.ip))) throw new TRPCError({ code: 'TOO_MANY_REQUESTS' });
    return next();
  });
}
