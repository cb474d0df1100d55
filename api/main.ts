import { createServer } from 'node:http';
import { loadConfig } from '../shared/load-config.ts';
import { createLogger } from '../shared/logger.ts';
import { startMetricsServer } from '../shared/observability/metrics-server.ts';
import { startTracing } from '../shared/observability/tracing.ts';
import { createApp } from './app.ts';
import { createApiDeps } from './deps.ts';
import { attachRealtime } from './realtime.ts';

const config = loadConfig();
const logger = createLogger({ name: 'tocsin-api', level: config.LOG_LEVEL });
if (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS) {
  logger.fatal('DATABASE_URL and TEMPORAL_ADDRESS are required to run the API alone; `npm start` provides local ones');
  process.exit(1);
}
// Before anything connects, so every client and request is traced (nothing starts without an endpoint).
const tracing = await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME ?? 'tocsin-api' });

const { deps, requestCaches, close } = await createApiDeps(config, logger, {
  databaseUrl: config.DATABASE_URL,
  temporalAddress: config.TEMPORAL_ADDRESS,
  jwtSecret: config.JWT_SECRET,
  encryptionKey: config.ENCRYPTION_KEY,
  tracing,
});
const app = createApp(deps);
const server = createServer(app.callback());
if (!deps.authenticateToken) throw new Error('the API deps carry no token authenticator for the WebSocket');
const realtime = attachRealtime(server, {
  orm: deps.orm,
  logger,
  databaseUrl: config.DATABASE_URL,
  authenticateToken: deps.authenticateToken,
  corsOrigins: config.CORS_ORIGINS,
  credentialChanges: requestCaches.credentials,
});
deps.metrics?.countWebSocketConnections(() => realtime.io.engine.clientsCount);
server.listen(config.PORT, config.HOST, () => {
  logger.info({ port: config.PORT, host: config.HOST }, 'api listening');
});
const apiMetrics = deps.metrics;
const metricsServer =
  config.API_METRICS_PORT === undefined || !apiMetrics
    ? undefined
    : await startMetricsServer({
        host: config.HOST,
        port: config.API_METRICS_PORT,
        token: config.METRICS_TOKEN,
        render: () => apiMetrics.registry.metrics(),
        logger,
      });
if (metricsServer) logger.info({ port: metricsServer.port, host: config.HOST }, 'api metrics listening');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'api stopping');
  // Stop taking connections, let in-flight requests finish, then close the pools.
  // Closing realtime disconnects WebSocket clients and closes the HTTP server with it.
  await realtime.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await metricsServer?.close();
  await close();
  await tracing?.shutdown().catch((error: unknown) => logger.warn({ err: error }, 'could not send the last spans'));
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
