import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/server/services/accounts/admin-bootstrap.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** The first admin from the environment is created once, even when several instances start together. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t?.close());

describe('instances starting together', () => {
  it('report the first admin as created only once', async () => {
    const admin = { email: 'together@shop.test', password: 'together-password' };
    const results = await Promise.all([ensureAdmin(t.db, admin), ensureAdmin(t.db, admin), ensureAdmin(t.db, admin)]);
    expect(results.filter((result) => result === 'created')).toHaveLength(1);
  });
});
