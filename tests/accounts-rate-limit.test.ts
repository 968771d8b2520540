import { randomInt } from 'node:crypto';
import { createTRPCClient, httpLink } from '@trpc/client';
import { Redis } from 'ioredis';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../src/server/routers/index.js';
import { RateLimits } from '../src/server/services/platform/rate-limit.js';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { restFrom } from './support/accounts-support.js';
import { slow, startTestApp, type TestApp } from './support/harness.js';

const LIMIT = 3;
const tooMany = { status: 429, body: { statusCode: 429,code: 'TOO_MANY_REQUESTS',  message: statusMessages[429] } };
const wrongCredentials = { status: 401, body: { statusCode: 401,code: 'UNAUTHORIZED',  message: domainMessages.wrongCredentials } };
const anotherIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const badSignin = { email: 'nobody@shop.test', password: 'wrong-password' };

describe('rate limits in memory (no REDIS_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t?.close());

  it('sign-in: past the limit an IP gets 429 with the shared Russian message, even with the right password; another IP does not', async () => {
    const ip = anotherIp();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect(await restFrom(t.baseUrl, ip, 'POST', '/auth/signin', { body: badSignin })).toEqual(wrongCredentials);
    }
    expect(await restFrom(t.baseUrl, ip, 'POST', '/auth/signin', { body: badSignin })).toEqual(tooMany);
    expect(await restFrom(t.baseUrl, ip, 'POST', '/auth/signin', { body: { email: 'admin@shop.test', password: 'admin-password-1' } })).toEqual(tooMany);
    // The admin sign-in counts as a sign-in: no second door for guessing passwords.
    const trpcFromIp = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${t.baseUrl}/trpc`, transformer: superjson, headers: { 'x-forwarded-for': ip } })],
    });
    await expect(trpcFromIp.accounts.auth.adminSignin.mutate(badSignin)).rejects.toMatchObject({ message: statusMessages[429], data: { httpStatus: 429 } });

    expect(await restFrom(t.baseUrl, anotherIp(), 'POST', '/auth/signin', { body: badSignin })).toEqual(wrongCredentials);
  });

  it('counts sign-up, reset and help-desk messages separately, each with the same limit', async () => {
    const ip = anotherIp();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await restFrom(t.baseUrl, ip, 'POST', '/auth/reset', { body: { email: `someone${attempt}@shop.test` } })).status).toBe(200);
    }
    expect(await restFrom(t.baseUrl, ip, 'POST', '/auth/reset', { body: { email: 'someone@shop.test' } })).toEqual(tooMany);

    const help = { email: 'asker@shop.test', message: 'Когда будет доставка?' };
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await restFrom(t.baseUrl, ip, 'POST', '/users/help', { body: help })).status).toBe(200);
    }
    expect(await restFrom(t.baseUrl, ip, 'POST', '/users/help', { body: help })).toEqual(tooMany);

    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const shopper = { firstName: 'Ира', email: `ira${attempt}-${ip}@shop.test`, password: 'ira-password', consent: true };
      expect((await restFrom(t.baseUrl, ip, 'POST', '/auth/signup', { body: shopper })).status).toBe(200);
    }
    expect(await restFrom(t.baseUrl, ip, 'POST', '/auth/signup', { body: { firstName: 'Ира', email: 'ira-more@shop.test', password: 'ira-password', consent: true } })).toEqual(tooMany);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'ira-more@shop.test').executeTakeFirst()).toBeUndefined();
  });
});

const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** The shared store needs a Redis server: scripts/test-all.sh starts the machine's one on 127.0.0.1:6379. */
describe('rate limits shared through Redis (REDIS_URL)', () => {
  let t: TestApp;
  let otherInstance: RateLimits;
  let redis: Redis;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL: redisUrl });
    // A second instance of the shop as far as rate limits go: its own counters, its own connection.
    otherInstance = new RateLimits({ perMinute: LIMIT, redisUrl, log: { warn: () => undefined } });
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    redis?.disconnect();
    await otherInstance?.close();
    await t?.close();
  });

  it('attempts counted by another instance count here too, per IP', async () => {
    // Until its connection is ready an instance counts in memory: wait until both write to Redis.
    const probe = anotherIp();
    await vi.waitFor(async () => {
      await otherInstance.consume('help', probe);
      expect(await redis.exists(`shop-rate:help:${probe}`)).toBe(1);
    }, slow);
    await vi.waitFor(async () => {
      await restFrom(t.baseUrl, probe, 'POST', '/auth/reset', { body: { email: 'probe@shop.test' } });
      expect(await redis.exists(`shop-rate:reset:${probe}`)).toBe(1);
    }, slow);

    const ip = anotherIp();
    expect(await otherInstance.consume('signin', ip)).toBe(true);
    expect(await otherInstance.consume('signin', ip)).toBe(true);
    expect(await restFrom(t.baseUrl, ip, 'POST', '/auth/signin', { body: badSignin })).toEqual(wrongCredentials);
    expect(await restFrom(t.baseUrl, ip, 'POST', '/auth/signin', { body: badSignin })).toEqual(tooMany);
    expect(await otherInstance.consume('signin', ip)).toBe(false);
    expect(await redis.get(`shop-rate:signin:${ip}`)).toBe('5');
    const ttl = await redis.pttl(`shop-rate:signin:${ip}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('keep answering, counting in the instance memory instead', async () => {
    const warnings: unknown[] = [];
    const limits = new RateLimits({ perMinute: LIMIT, redisUrl: 'redis://127.0.0.1:1', log: { warn: (...args: unknown[]) => warnings.push(args) } });
    try {
      const answers = [];
      for (let attempt = 0; attempt <= LIMIT; attempt += 1) answers.push(await limits.consume('signin', '10.0.0.1'));
      expect(answers).toEqual([true, true, true, false]);
      expect(await limits.consume('signin', '10.0.0.2')).toBe(true);
      await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0), slow);
    } finally {
      await limits.close();
    }
  });
});
