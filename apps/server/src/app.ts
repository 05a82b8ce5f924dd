import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createDiskStorage } from './lib/file-storage';
import { LoginThrottle } from './lib/login-throttle';
import { openRedis } from './lib/redis';
import { databaseThrottleStore, redisThrottleStore } from './core/throttle-stores';
import { serializerKeepingAnswers } from './lib/kept-answers';
import { clientErrorHandler, frameworkErrors } from './lib/transport-errors';
import { createSealer, loadDataKey } from './lib/sealed-values';
import { createTokenService, loadSigningSecret } from './lib/tokens';
import { protectedModules, publicModules } from './modules';
import { createProductEngine } from './approval-businesses';
import { AdjustableClock, systemClock, todayOf } from './core/clock';
import { testClockRoutes } from './modules/test-clock';
import type { ApprovalBusiness } from './modules/approvals';
import { productJobs, productSchedules } from './background-jobs';
import { productExports } from './product-exports';
import { productImports } from './product-imports';
import type { ImportSource, ImportSources } from './core/imports';
import { jobFilesDir } from './modules/exports';
import { createJobQueue } from './core/jobs/queue';
import { JobRunner } from './core/jobs/runner';
import { ssoSettingsOf } from './modules/sso';
import { createWorkMessaging, type WorkMessaging } from './modules/handover';
import { customerNoticeOf } from './modules/resignation';
import auth, { createAccessCaches } from './plugins/auth';
import type { RoutePermission } from './core/access';
import compression from './plugins/compression';
import errorHandler from './plugins/error-handler';
import securityHeaders from './plugins/security-headers';
import swagger from './plugins/swagger';
import textInput from './plugins/text-input';
import web from './plugins/web';

// Default zod messages (a wrong type, an unknown enum value) reach users as field errors: make them Chinese.
z.config(z.locales.zhCN());

const REQUEST_ID = /^[\w-]{8,64}$/;

/** A route under /api/auth and the permission it declared; the permission test walks them all. */
export interface ProtectedRoute {
  method: string;
  url: string;
  permission: RoutePermission;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly protectedRoutes: readonly ProtectedRoute[];
    /** Started by the server once it listens (server.ts); tests start runners of their own. */
    readonly jobRunner: JobRunner;
    /** The work-messaging platform the handover speaks to (tests read and arrange it). */
    readonly workMessaging: WorkMessaging;
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  /** Approval businesses registered beside the product's: the fixture business of the engine's tests. */
  approvalBusinesses?: readonly ApprovalBusiness[];
  /** Registered beside the product's imports (a test's fixture import). */
  importSources?: readonly ImportSource<unknown>[];
}

/** Where uploaded files are kept: under the data directory, beside the embedded database. */
export const uploadStorageOf = (config: Config) => createDiskStorage(join(config.DATA_DIR, 'uploads'));

/** Builds the Fastify instance: external plugins, then the app's plugins, then the modules. */
export async function buildApp({
  config,
  database,
  logger,
  approvalBusinesses = [],
  importSources = [],
}: BuildOptions) {
  const app = Fastify({
    loggerInstance: logger,
    // A caller's request id is kept so one id follows a request across services and log lines.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: true,
    bodyLimit: 1_048_576,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerKeepingAnswers);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const tokens = await createTokenService(
    await loadSigningSecret(database.db, config.JWT_SECRET),
    config.ACCESS_TTL,
  );
  const sealer = createSealer(await loadDataKey(database.db, config.DATA_KEY));
  // Business time: the tests' adjustable clock only where TEST_CLOCK allows it (never in production).
  const clock = config.TEST_CLOCK ? new AdjustableClock() : systemClock;
  const today = todayOf(clock, config.TIME_ZONE);
  const exports = productExports(database.db, sealer, { today, timeZone: config.TIME_ZONE });
  const imports: ImportSources = new Map(
    [...productImports(database.db), ...importSources].map((source) => [source.kind, source]),
  );
  const approvals = createProductEngine({ sealer, today, timeZone: config.TIME_ZONE }, approvalBusinesses);
  const workMessaging = createWorkMessaging(config, database.db, clock);
  const jobs = productJobs({
    db: database.db,
    exports,
    imports,
    filesDir: jobFilesDir(config.DATA_DIR),
    exportKeepDays: config.EXPORT_KEEP_DAYS,
    today,
    approvals,
    sealer,
    handover: {
      db: database.db,
      platform: workMessaging,
      clock,
      today,
      timeZone: config.TIME_ZONE,
      noticeOf: (resignationId) => customerNoticeOf(database.db, resignationId),
    },
    timeZone: config.TIME_ZONE,
  });
  const jobRunner = new JobRunner(database.db, jobs, productSchedules, {
    concurrency: config.JOB_CONCURRENCY,
    timeZone: config.TIME_ZONE,
    log: logger,
  });
  app.decorate('jobRunner', jobRunner);
  app.decorate('workMessaging', workMessaging);
  const redis = config.REDIS_URL ? await openRedis(config.REDIS_URL) : undefined;
  const loginThrottle = new LoginThrottle(
    redis ? redisThrottleStore(redis) : databaseThrottleStore(database.db),
  );
  app.addHook('onClose', async () => {
    await loginThrottle.close();
    await redis?.quit().catch(() => {});
  });
  const context: AppContext = {
    config,
    database,
    db: database.db,
    tokens,
    files: uploadStorageOf(config),
    sealer,
    approvals,
    jobs: jobRunner.bind((onEnqueued) => createJobQueue(database.db, onEnqueued)),
    exports,
    imports,
    clock,
    today,
    workMessaging,
    loginThrottle,
  };
  const protectedRoutes: ProtectedRoute[] = [];
  app.decorate('protectedRoutes', protectedRoutes);

  // Before any route: compression attaches to each route as it is added, the web app's files included.
  const wecom = ssoSettingsOf(config).wecom;
  await app.register(securityHeaders, { frameOrigins: wecom ? [new URL(wecom.qrUrl).origin] : [] });
  await app.register(compression);
  await app.register(errorHandler);
  await app.register(swagger);
  await app.register(textInput);
  await app.register(auth, {
    db: database.db,
    tokens,
    pageCloseGraceSeconds: config.PAGE_CLOSE_GRACE,
    caches: createAccessCaches(database.notifications),
  });
  await app.register(
    async (api) => {
      for (const module of publicModules) await api.register(module, context);
      if (clock instanceof AdjustableClock) await api.register(testClockRoutes, { ...context, clock });
      await api.register(
        async (scope) => {
          scope.addHook('onRoute', (route) => {
            if (route.method === 'HEAD') return;
            if (!route.config || !('permission' in route.config)) {
              throw new Error(
                `${String(route.method)} ${route.url} must declare config.permission ` +
                  '(a permission name, a list of alternatives, or null for any signed-in user)',
              );
            }
            protectedRoutes.push({
              method: String(route.method),
              url: route.url,
              permission: route.config.permission ?? null,
            });
          });
          scope.addHook('onRequest', scope.authenticate);
          for (const module of protectedModules) await scope.register(module, context);
        },
        { prefix: '/auth' },
      );
    },
    { prefix: '/api' },
  );
  await app.register(web, { root: config.WEB_DIST });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
