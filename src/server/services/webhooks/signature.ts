import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How a delivery is signed (docs/webhooks.md): `Webhook-Signature: v1=<hex>` where the hex is
 * HMAC-SHA256, keyed with the endpoint's secret, over `<Webhook-Timestamp>.<raw body>`. The
 * timestamp (Unix seconds) is part of what is signed, so a receiver that refuses timestamps older
 * than a few minutes cannot be fed a recorded delivery again.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does; the tests check deliveries with it. */
export function verifyDelivery(secret: string, headers: { timestamp: string; signature: string }, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signDelivery(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}
