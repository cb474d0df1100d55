import supertest from 'supertest';
import { createApp, type AppDeps } from '../../api/app.ts';
import { buildAppDeps } from '../../api/deps.ts';
import type { Config } from '../../shared/config.ts';
import { createLogger, type Logger } from '../../shared/logger.ts';
import type { TestStack } from './stack.ts';

type AppRuntime = Parameters<typeof buildAppDeps>[2];

/**
 * The deps another API app over `stack`'s database and Temporal is built from: a second process,
 * or this one with `config` changed or a part of `runtime` replaced. Its logger is silent unless given.
 */
export function appDepsOver(
  stack: Pick<TestStack, 'config' | 'orm' | 'temporal'>,
  options: { config?: Partial<Config>; logger?: Logger; runtime?: Partial<AppRuntime> } = {},
): AppDeps {
  const config = { ...stack.config, ...options.config };
  return buildAppDeps(config, options.logger ?? createLogger({ name: 'tocsin-test', level: 'silent' }), {
    orm: stack.orm,
    temporal: stack.temporal,
    jwtSecret: config.JWT_SECRET as string,
    encryptionKey: config.ENCRYPTION_KEY as string,
    ...options.runtime,
  });
}

/** An HTTP client of the app built from `deps`, in-process like the stack's own. */
export const httpOf = (deps: AppDeps) => supertest(createApp(deps).callback());
