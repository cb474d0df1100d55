import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import type { Logger } from '../shared/logger.ts';

const PINO_LEVELS = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const satisfies Record<
  LogLevel,
  string
>;

/**
 * The Temporal SDK's runtime logger as lines of the process's own pino logger: the SDK's worker,
 * workflows' `log`, activities' `Context.log` and its core's lines (forwarded) come out in the
 * worker's one JSON format, with their `sdkComponent`. `onEntry` sees every entry's level and
 * component (the worker's metrics count core warnings and errors).
 */
export function temporalLoggerOf(logger: Logger, onEntry?: (level: LogLevel, component: string | undefined) => void): TemporalLogger {
  const write = (level: LogLevel, message: string, meta: LogMetadata = {}) => {
    const component = typeof meta.sdkComponent === 'string' ? meta.sdkComponent : undefined;
    onEntry?.(level, component);
    // The SDK logs each activity's start and end at debug: below the process's level, nothing more is done.
    const pinoLevel = PINO_LEVELS[level] ?? 'info';
    if (!logger.isLevelEnabled(pinoLevel)) return;
    // The SDK names a thrown error `error`; pino serializes it (message, stack) only as `err`.
    const { error, ...fields } = meta;
    logger[pinoLevel](error instanceof Error ? { ...fields, err: error } : meta, message);
  };
  return {
    log: write,
    trace: (message, meta) => write('TRACE', message, meta),
    debug: (message, meta) => write('DEBUG', message, meta),
    info: (message, meta) => write('INFO', message, meta),
    warn: (message, meta) => write('WARN', message, meta),
    error: (message, meta) => write('ERROR', message, meta),
  };
}
