import { createRequire } from 'node:module';
import { createTokenService } from '../shared/auth/tokens.ts';
import type { Config } from '../shared/config.ts';
import { openOrm, runMigrations, type Orm } from '../shared/db/orm.ts';
import type { Logger } from '../shared/logger.ts';
import { connectTemporal, isTemporalReachable, type TemporalClient } from '../shared/temporal/client.ts';
import type { AppDeps } from './app.ts';
import { authorize, createAuthenticator } from './middleware/authenticate.ts';
import { createAuthService } from './services/auth.service.ts';
import { createSelfTestService } from './services/self-test.service.ts';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export interface ApiRuntime {
  orm: Orm;
  temporal: TemporalClient;
}

/** Wires services from already-open connections; tests call this with their own real ones. */
export function buildAppDeps(config: Config, logger: Logger, runtime: ApiRuntime & { jwtSecret: string }): AppDeps {
  const em = () => runtime.orm.em;
  const tokens = createTokenService({
    secret: runtime.jwtSecret,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    issuer: 'tocsin',
  });
  return {
    config,
    logger,
    orm: runtime.orm,
    version,
    readiness: async () => {
      const [database, temporal] = await Promise.all([
        runtime.orm.isConnected(),
        isTemporalReachable(runtime.temporal.client, config.TEMPORAL_NAMESPACE),
      ]);
      return { database, temporal };
    },
    authenticate: createAuthenticator({ em, tokens }),
    authorize,
    services: {
      auth: createAuthService({ em, tokens, accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS }),
      selfTest: createSelfTestService({ em, temporal: runtime.temporal }),
      cookies: {
        secure: config.NODE_ENV === 'production',
        accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      },
    },
  };
}

/** The API's composition root: connections first, then services. */
export async function createApiDeps(config: Config, logger: Logger, options: { databaseUrl: string; temporalAddress: string; jwtSecret: string }) {
  const orm = await openOrm({ databaseUrl: options.databaseUrl, poolMax: config.DATABASE_POOL_MAX });
  await runMigrations(orm, options.databaseUrl);
  const temporal = await connectTemporal({
    address: options.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  const deps = buildAppDeps(config, logger, { orm, temporal, jwtSecret: options.jwtSecret });
  return {
    deps,
    async close() {
      await temporal.close();
      await orm.close();
    },
  };
}
