import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../api/app.ts';
import { buildAppDeps } from '../../api/deps.ts';
import { parseConfig } from '../../shared/config.ts';
import type { Orm } from '../../shared/db/orm.ts';
import { createLogger } from '../../shared/logger.ts';
import type { TemporalClient } from '../../shared/temporal/client.ts';

// Services are built but never called while the document is served: anything touching the
// database or Temporal would be a bug here, so it throws loudly rather than hanging.
const unreachable = (name: string): never =>
  new Proxy(
    {},
    {
      get: (_target, property) => {
        throw new Error(`${name}.${String(property)} used while building the OpenAPI document`);
      },
    },
  ) as never;

/**
 * The exact `/openapi.json` the API serves, from the app factory, with no database, Temporal or
 * search backend: the routes are mounted on a throwaway loopback listener and asked once.
 * PUBLIC_URL is left unset so the document (and the clients generated from it) do not depend on
 * where it was built.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const config = parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  const logger = createLogger({ name: 'openapi', level: 'silent' });
  const deps = buildAppDeps(config, logger, {
    // The per-request context middleware reads the root EntityManager's name, and nothing more.
    orm: {
      em: new Proxy({ name: 'openapi' }, { get: (target, property) => (property === 'name' ? target.name : unreachable('orm.em')) }),
    } as unknown as Orm,
    temporal: unreachable('temporal') as TemporalClient,
    jwtSecret: 'x'.repeat(32),
    encryptionKey: 'x'.repeat(32),
  });
  const server = createServer(createApp(deps).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Stable text of the document: two-space JSON with a final newline, as committed. */
export function serializeDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
