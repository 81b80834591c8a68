import { existsSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@kopiyka/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AppConfig, TrustedProxies } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts';
import { databaseUpkeep } from './db/maintenance.ts';
import { registerAuthentication } from './http/auth.ts';
import { registerAnswerCompression } from './http/compressed-answers.ts';
import { answerFrameworkError, registerErrorHandling, sendNotFound } from './http/error-handler.ts';
import { createIdempotency, registerIdempotency } from './http/idempotency.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerPrivateAnswers } from './http/private-answers.ts';
import { registerEmptyQueryDropping, registerQueryEncodingCheck } from './http/query.ts';
import { clientKey } from './http/rate-limit-key.ts';
import { databaseRequestCountStore, requestCountPurgeTask } from './http/request-count-store.ts';
import { RequestLog, requestForLog } from './http/request-log.ts';
import { serializerCompiler } from './http/serializer.ts';
import { childLoggerWithSessionId, registerSessionId } from './http/session-id.ts';
import { createBinanceClient } from './integrations/binance/client.ts';
import { createMonobankClient } from './integrations/monobank/client.ts';
import { createFrankfurterProvider } from './integrations/rates/frankfurter.ts';
import { createNbuProvider } from './integrations/rates/nbu.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { logArgsWithoutQueryValues } from './lib/db-errors.ts';
import { AppError } from './lib/errors.ts';
import { resolveSecretKey, secretBox } from './lib/secrets.ts';
import { accountGroupRoutes } from './modules/account-groups/routes.ts';
import { createAccountGroupsService } from './modules/account-groups/service.ts';
import { moveAccountsToGroup } from './modules/accounts/index.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { authPurgeTask } from './modules/auth/purge-task.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { backupRoutes } from './modules/backup/routes.ts';
import { createBackupService } from './modules/backup/service.ts';
import {
  createBaseChangeService,
  createCurrencyChangesService,
  regroupDaysAfterZoneChange,
} from './modules/base-change/index.ts';
import { binanceRoutes } from './modules/binance/routes.ts';
import { createBinanceService } from './modules/binance/service.ts';
import { binanceSnapshotTask } from './modules/binance/snapshot-task.ts';
import { assertOwnBudget } from './modules/budgets/index.ts';
import { budgetRoutes } from './modules/budgets/routes.ts';
import { createBudgetsService } from './modules/budgets/service.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { createCategoriesService } from './modules/categories/service.ts';
import { currencyRoutes } from './modules/currencies/routes.ts';
import { createCurrenciesService } from './modules/currencies/service.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { createEventBus } from './modules/events/service.ts';
import { importsExpiryTask } from './modules/imports/expiry-task.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { createImportsService } from './modules/imports/service.ts';
import { callSpacing } from './modules/monobank/bank-calls.ts';
import { monobankRoutes } from './modules/monobank/routes.ts';
import { createMonobankService } from './modules/monobank/service.ts';
import { monobankSyncTask } from './modules/monobank/sync-task.ts';
import { createRatesService } from './modules/rates/service.ts';
import { ratesSyncTask } from './modules/rates/sync-task.ts';
import { startRecurringJob } from './modules/recurring/job.ts';
import { recurringRoutes } from './modules/recurring/routes.ts';
import { createRecurringService } from './modules/recurring/service.ts';
import { rulesAfterAccountDeleted, rulesAfterCategoryDeleted, rulesAfterTagDeleted } from './modules/rules/index.ts';
import { ruleRoutes } from './modules/rules/routes.ts';
import { createRulesService } from './modules/rules/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { createStatsService } from './modules/stats/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { tagRoutes } from './modules/tags/routes.ts';
import { createTagsService } from './modules/tags/service.ts';
import { detachTransfersOf, moveToCategory } from './modules/transactions/index.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import { createTransactionsService } from './modules/transactions/service.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createUsersService, foldStoredUsernames } from './modules/users/service.ts';

/** Everything under here is the API (and its docs); everything else is the web app. */
const API_ROOT = '/api';
const HSTS_MAX_AGE_S = 180 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
  }
}

export interface BuildOptions {
  /** An already opened database (tests hand in a clone of a migrated template). */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Where every service reads the time (tests pin it). */
  clock?: Clock;
}

/** The composition root: plugins, modules and the static web app, wired from one config. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Credentials never reach a log line, whatever a serializer decides to include.
      redact: [
        'req.headers.authorization',
        'req.headers["x-token"]',
        'req.body.password',
        'req.body.apiToken',
        'req.body.token',
        'req.body.apiKey',
        'req.body.secretKey',
        'req.headers["x-mbx-apikey"]',
      ],
      // The webhook's address carries its secret: request lines show the route's pattern instead.
      serializers: { req: requestForLog },
      // Nor do the values of a failed statement, whichever logger writes the line.
      hooks: {
        logMethod(args, method) {
          method.apply(this, logArgsWithoutQueryValues(args));
        },
      },
    },
    childLoggerFactory: childLoggerWithSessionId,
    logController: new RequestLog(),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(config.database, {
      onConnectionError: (err) => app.log.error({ err }, 'database connection lost'),
    }));
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  // Before anyone signs up or in: names stored before folding get their folded form (migration 0017).
  await foldStoredUsernames(database.db);

  registerSessionId(app);
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  // Helmet's middleware, built once: @fastify/helmet built it again for every request (its
  // directives parsed each time), a twentieth of what the accounts list cost.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Self-hosted instances are often reached over plain http on a home network.
        upgradeInsecureRequests: null,
      },
    },
    hsts: strictTransportSecurity(config.publicUrl),
  });
  // Helmet 8 throws what goes wrong rather than passing it on; it calls on with nothing.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  const clock = options.clock ?? systemClock;
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: clientKey,
    // Instances sharing PostgreSQL count together; the embedded database has one instance, which
    // counts in memory. A database hiccup lets a request through rather than failing it.
    ...(database.kind === 'postgres'
      ? { store: databaseRequestCountStore(database.db, clock), skipOnError: true }
      : {}),
    // The limit guards the API. The web app's files are static and cached; one page load fetches
    // dozens of them, and a household behind one address must not lock itself out by browsing.
    // The route the router matched says what is the API, not the URL as sent: `/%61pi/…` reaches it too.
    allowList: (request) => !request.routeOptions.url?.startsWith(`${API_ROOT}/`),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'TOO_MANY_REQUESTS',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
        undefined,
        {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        },
      ),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kopiyka API', version: '1.0.0', description: 'Self-hosted personal finance.' },
      servers: [{ url: config.publicUrl ?? '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every service, built once with what it depends on; each route plugin gets its module's service.
  const db = database.db;
  const rates = createRatesService(
    db,
    [
      createNbuProvider(config.rates.nbuBaseUrl, config.rates.timeoutMs),
      createFrankfurterProvider(config.rates.frankfurterBaseUrl, config.rates.timeoutMs),
    ],
    app.log,
    clock,
  );
  const baseChanges = createBaseChangeService(db, rates, app.log, clock, config.backgroundJobs);
  const events = createEventBus(database, app.log, clock);
  const auth = createAuthService(db, config.auth, clock, events);
  // A lower module that needs work done above it gets that work handed in here (docs/architecture.md).
  const currencies = createCurrenciesService(db, rates, clock);
  const currencyChanges = createCurrencyChangesService(db, rates, baseChanges, clock);
  const categories = createCategoriesService(db, moveToCategory, rulesAfterCategoryDeleted);
  const accounts = createAccountsService(db, rates, clock, detachTransfersOf, rulesAfterAccountDeleted);
  const accountGroups = createAccountGroupsService(db, moveAccountsToGroup);
  const tags = createTagsService(db, rulesAfterTagDeleted);
  const settings = createSettingsService(db, baseChanges, regroupDaysAfterZoneChange);
  const transactions = createTransactionsService(db, rates, clock, assertOwnBudget);
  const stats = createStatsService(db, rates);
  const budgets = createBudgetsService(db, clock);
  const rules = createRulesService(db);
  const recurring = createRecurringService({
    db,
    transactions,
    accounts,
    rates,
    totalBalance: async (userId, date) => (await stats.totalBalance(userId, { date, includeHidden: false })).refBalance,
    clock,
    log: app.log,
  });
  const backup = createBackupService(db, clock, app.log);
  const idempotency = createIdempotency(db, clock, app.log);
  const secrets = secretBox(await resolveSecretKey(config.secretKey, config.dataDir));
  const monobank = createMonobankService(
    {
      db,
      client: createMonobankClient(config.monobank.apiUrl),
      secrets,
      events,
      clock,
      log: app.log,
      intervalMs: callSpacing(config.monobank.requestIntervalMs),
      retryAfterFailureMs: config.monobank.retryAfterFailureMs,
      webhookEventsWaitingPerUser: config.monobank.webhookEventsWaitingPerUser,
      publicUrl: config.publicUrl,
      singleInstance: database.kind === 'pglite',
    },
    rates,
    accounts,
    config.backgroundJobs,
  );

  const users = createUsersService(db, monobank.isConnected);

  const imports = createImportsService(
    { db, rates, events, clock, log: app.log, singleInstance: database.kind === 'pglite', accounts },
    categories,
    config.backgroundJobs,
    config.imports,
  );

  const binance = createBinanceService({
    db,
    client: createBinanceClient(config.binance.apiUrl, clock),
    secrets,
    rates,
    clock,
    log: app.log,
    admitKeyCheck: (userId) => auth.admitKeyCheck(userId, 'binance'),
    accountFreshMs: config.binance.accountFreshMs,
  });

  // The first pass waits until the server listens: its upkeep (VACUUM ANALYZE of an embedded database
  // never analyzed or grown since, the one connection busy meanwhile) and the syncs must not hold up
  // the start. Maintenance goes first, so statistics are planned from the data as it is.
  let scheduler: ReturnType<typeof startScheduler> | undefined;
  let recurringJob: ReturnType<typeof startRecurringJob> | undefined;
  const upkeep = databaseUpkeep(database, app.log);
  if (config.backgroundJobs) {
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) upkeep.noteWrite();
    });
    app.addHook('onListen', async () => {
      recurringJob = startRecurringJob(
        {
          db,
          recurring,
          events,
          clock,
          log: app.log,
          pollMs: config.schedulerCheckMs,
          singleInstance: database.kind === 'pglite',
        },
        true,
      );
      scheduler = startScheduler(
        db,
        [
          ...upkeep.tasks,
          ratesSyncTask(rates),
          monobankSyncTask(monobank),
          binanceSnapshotTask(binance),
          authPurgeTask(auth),
          importsExpiryTask(imports),
          idempotency.purgeTask(),
          ...(database.kind === 'postgres' ? [requestCountPurgeTask(db, clock)] : []),
        ],
        app.log,
        clock,
        config.schedulerCheckMs,
      );
    });
  }
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await upkeep.idle();
    await recurringJob?.stop();
    await monobank.stop();
    await imports.stop();
    await events.close();
    await baseChanges.stop();
    await database.close();
  });
  await app.register(
    async (api) => {
      registerPrivateAnswers(api);
      registerAnswerCompression(api);
      registerAuthentication(api, auth);
      registerQueryEncodingCheck(api);
      registerEmptyQueryDropping(api);
      registerIdempotency(api, idempotency);
      await api.register(systemRoutes, { registrations: config.auth.registrations });
      await api.register(authRoutes, { auth });
      await api.register(userRoutes, { users });
      await api.register(currencyRoutes, { currencies, changes: currencyChanges });
      await api.register(categoryRoutes, { categories });
      await api.register(accountRoutes, { accounts });
      await api.register(accountGroupRoutes, { accountGroups });
      await api.register(tagRoutes, { tags });
      await api.register(settingsRoutes, { settings });
      await api.register(transactionRoutes, { transactions });
      await api.register(statsRoutes, { stats });
      await api.register(budgetRoutes, { budgets });
      await api.register(recurringRoutes, { recurring });
      await api.register(ruleRoutes, { rules });
      await api.register(monobankRoutes, { monobank });
      await api.register(binanceRoutes, { binance });
      await api.register(backupRoutes, { backup });
      await api.register(importRoutes, { imports });
      await api.register(eventRoutes, { events });
    },
    { prefix: API_PREFIX },
  );

  const webRoot =
    config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html')) ? config.webDistDir : null;
  if (webRoot) await serveWebApp(app, webRoot);
  else {
    if (config.webDistDir) app.log.warn(`No built web app in ${config.webDistDir}; serving the API only.`);
    app.setNotFoundHandler(sendNotFound);
  }
  return app;
}

/**
 * Fastify's own hop count trusts nothing (it cannot tell the nearest peer is the proxy), so a
 * count is a function over hops: the socket's peer is hop 0, the last X-Forwarded-For entry hop 1.
 */
function trustedProxies(trust: TrustedProxies) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * HSTS only when the app is published over https: browsers then refuse plain http to it for the
 * next 180 days. Subdomains are left out, as a home domain often has devices on http beside the app.
 */
function strictTransportSecurity(publicUrl: string | undefined) {
  const https = publicUrl !== undefined && new URL(publicUrl).protocol === 'https:';
  return https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false;
}

/** A day: the home-screen icons are not fingerprinted, and change only with the logo. */
const ICON_MAX_AGE_S = 24 * 60 * 60;

/**
 * How long a browser keeps a file of the built web app (a path relative to its root). Vite
 * fingerprints everything under assets/, so those never change. index.html, the service worker
 * (sw.js: the browser checks it for a new build on every visit) and the manifests are asked for
 * again each time, so a new build reaches the page; the icons are kept a day.
 */
function webFileCaching(file: string): string {
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (file.startsWith('icons/')) return `public, max-age=${ICON_MAX_AGE_S}`;
  return 'no-cache';
}

/** Serves the built SPA; any non-API GET that is not a file gets index.html (client-side routes). */
async function serveWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    // Looked up per request, so a rebuilt web app is served without a restart.
    wildcard: true,
    // The build writes brotli and gzip copies of the assets (packages/web/precompress.ts).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const file = path.relative(root, filePath).split(path.sep).join('/');
      res.header('cache-control', webFileCaching(file));
      // The web-app manifest's own type (issue 39), which browsers check before they offer to install.
      if (file.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json; charset=utf-8');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    // A GET or HEAD comes here from the files' wildcard route, whose parameter is the path as the
    // router decoded it: `/%61pi/…` is under the API as `/api/…` is, and answers the API's 404.
    const path = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
    const isApi = path === API_ROOT || path.startsWith(`${API_ROOT}/`);
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}
