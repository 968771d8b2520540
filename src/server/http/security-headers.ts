import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * Security headers on every answer (pages, API, images): a Content-Security-Policy that admits
 * scripts from this origin only (the built app has no inline script), no framing at all (the back
 * office cannot be clickjacked), nosniff, a strict referrer policy, and HSTS when the shop is
 * served over https. Styles may be inline: Mantine writes its CSS variables into a style tag.
 *
 * The headers do not depend on the request (no nonces), so helmet computes them once, at start;
 * @fastify/helmet built helmet's middleware again on every request (about 70 µs of CPU each).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  const headers = securityHeaders(config.publicUrl.startsWith('https://'));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets, read off a response it was given once. */
function securityHeaders(https: boolean): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let finished = false;
  helmet(helmetOptions(https))(response.req, response, () => {
    finished = true;
  });
  // helmet's middleware is synchronous when no directive is a function.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Product images may be shown by other sites (link previews, marketplaces): see rest/media.ts.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}
