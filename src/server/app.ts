import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { contextFactory, type AppServices } from './context.js';
import type { Db } from './db/connection.js';
import { isClientGone, registerRequestScope } from './db/request-scope.js';
import { ReadRouting } from './db/replica.js';
import { registerReadYourWrites } from './http/read-your-writes.js';
import { registerClosing } from './http/closing.js';
import { defaultBodyLimit } from './http/body-limits.js';
import { registerCompression } from './http/compression.js';
import { answerFrameworkError, answerMalformedRequest, useRestErrorShape } from './http/error-shape.js';
import { registerHealthRoutes } from './http/health.js';
import { requestSerializer } from './http/log-privacy.js';
import { registerMetrics } from './http/metrics/route.js';
import { registerRequestId, requestIdOptions } from './http/request-id.js';
import { parseQueryString } from './http/query-string.js';
import { registerRequestBodies } from './http/request-bodies.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serveStorefront } from './http/storefront.js';
import { registerTrpcRoute } from './http/trpc-route.js';
import { restPlugin } from './rest/index.js';
import { appRouter } from './routers/index.js';
import { jwtSecret } from './services/platform/app-state.js';
import { startHousekeeping } from './services/platform/housekeeping.js';
import { Mailer } from './services/mail/mailer.js';
import { RateLimits } from './services/platform/rate-limit.js';
import { CutoffPoller, TokenCutoffs } from './services/accounts/token-cutoffs.js';
import { TokenService } from './services/accounts/tokens.js';
import { Webhooks } from './services/webhooks/delivery.js';
import { configureStockAlertLetters } from './services/stock-alerts/settings.js';
import { PaymentSweeper } from './services/payments/sweeper.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Where catalogue and content reads go (docs/replicas.md); defaults to the primary alone. Started and stopped with the app. */
  reads?: ReadRouting;
  /** The built React app; defaults to ./dist/client. */
  clientDir?: string;
  /** false: no log; a stream: the log goes there (tests read it); stdout otherwise. */
  logger?: boolean | { stream: { write(line: string): void } };
}

/** tRPC calls in one batched request; the client's batch link uses the same bound. */
export const maxBatchSize = 10;

/**
 * A client gets this long to send a whole request, body included (a 10 × 10 MB upload on a slow
 * line fits), and a connection that sends and receives nothing for `idleMs` is closed: a stalled
 * upload cannot hold the server (or its shutdown) for ever.
 */
export const requestTimeouts = { wholeRequestMs: 120_000, idleMs: 60_000 };

/** Builds the whole Fastify app (used by main.ts and by the tests); does not listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
            // A request's line holds neither live links nor personal data (docs/logging.md).
            serializers: { req: requestSerializer },
          },
    ...requestIdOptions,
    routerOptions: { maxParamLength: 5000, querystringParser: parseQueryString },
    // Routes that take larger bodies say so (http/body-limits.ts); see http/request-bodies.ts.
    bodyLimit: defaultBodyLimit,
    requestTimeout: requestTimeouts.wholeRequestMs,
    connectionTimeout: requestTimeouts.idleMs,
    trustProxy: config.trustProxy,
    clientErrorHandler: answerMalformedRequest,
    // Requests arriving during a shutdown are answered by http/closing.ts, in Russian.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
  });

  const cutoffs = new TokenCutoffs();
  const cutoffPoller = new CutoffPoller(db, cutoffs, app.log);
  // Cut-offs written before this instance started are known before it serves a request.
  await cutoffPoller.poll();
  const services: AppServices = {
    config,
    db,
    reads: options.reads ?? ReadRouting.primaryOnly(db),
    tokens: new TokenService(await jwtSecret(db, config.jwtSecret), cutoffs),
    mailer: new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log, logContents: config.logLetterContents }),
    rateLimits: new RateLimits({
      perMinute: config.rateLimitPerMinute,
      lettersPerAddressPerHour: config.lettersPerAddressPerHour,
      signin: config.signin,
      bodyRequestsPerMinute: config.bodyRequestsPerMinute,
      hourly: {
        guestOrderPerIp: config.guestLimits.ordersPerIpPerHour,
        guestOrderPerEmail: config.guestLimits.ordersPerEmailPerHour,
        guestBasketPerIp: config.guestLimits.recordsPerIpPerHour,
        guestWishlistPerIp: config.guestLimits.recordsPerIpPerHour,
        guestAddressPerIp: config.guestLimits.recordsPerIpPerHour,
        orderLetter: config.guestLimits.orderLettersPerAddressPerHour,
      },
      redisUrl: config.redisUrl,
      log: app.log,
    }),
  };
  configureStockAlertLetters({ publicUrl: config.publicUrl, transport: services.mailer.transport });
  const housekeeping = startHousekeeping({ db, mailer: services.mailer, log: app.log, pollCutoffs: () => cutoffPoller.poll() });
  const webhooks = new Webhooks({ db, log: app.log, pollMs: config.webhookPollMs });
  webhooks.start();
  const paymentSweeper = new PaymentSweeper(services, app.log);
  paymentSweeper.start();
  // Letters still being sent go out before the database closes (within the shutdown deadline;
  // those that do not are sent after the next start).
  app.addHook('onClose', async () => {
    await housekeeping.stop();
    await webhooks.close();
    await paymentSweeper.close();
    await services.mailer.close();
    await services.rateLimits.close();
    await services.reads.stop();
  });
  services.reads.start(app.log);
  registerReadYourWrites(app, services.reads);

  registerRequestId(app);
  registerClosing(app);
  registerRequestScope(app);
  registerMetrics(app, db, config.metricsToken, services.reads.replica);
  useRestErrorShape(app);
  registerSecurityHeaders(app, config);
  registerRequestBodies(app, services.rateLimits);
  await registerCompression(app);
  registerHealthRoutes(app, db);

  registerTrpcRoute(app, {
    router: appRouter,
    createContext: contextFactory(services),
    maxBatchSize,
    onError({ error, path: procedurePath }) {
      if (error.code === 'INTERNAL_SERVER_ERROR' && !isClientGone(error)) app.log.error({ err: error.cause ?? error, path: procedurePath }, 'tRPC procedure failed');
    },
  });

  await app.register(restPlugin(services));
  serveStorefront(app, options.clientDir ?? path.resolve('dist/client'), db, config.publicUrl);
  return app;
}
