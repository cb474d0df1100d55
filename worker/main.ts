import { NativeConnection, Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { loadConfig } from '../shared/load-config.ts';
import { createLogger } from '../shared/logger.ts';
import { openOrm, runMigrations } from '../shared/db/orm.ts';
import { createWorker } from './worker.ts';

const config = loadConfig();
const logger = createLogger({ name: 'tocsin-worker', level: config.LOG_LEVEL });
if (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS) {
  logger.fatal('DATABASE_URL and TEMPORAL_ADDRESS are required to run the worker alone; `npm start` provides local ones');
  process.exit(1);
}
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) } } });

const orm = await openOrm({ databaseUrl: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX });
await runMigrations(orm, config.DATABASE_URL);
const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
const worker = await createWorker({
  connection,
  namespace: config.TEMPORAL_NAMESPACE,
  taskQueue: config.TEMPORAL_TASK_QUEUE,
  deps: { orm },
});

// The SDK's Runtime already turns SIGINT/SIGTERM into worker.shutdown(): running activities finish
// or are retried elsewhere, nothing is lost.
logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, address: config.TEMPORAL_ADDRESS }, 'worker started');
await worker.run();
await connection.close();
await orm.close();
logger.info('worker stopped');
