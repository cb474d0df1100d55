import { pino, type DestinationStream, type Logger } from 'pino';
import { logContextFields } from './log-context.ts';

export type { Logger };

/**
 * One pino logger per process; children carry the request id or workflow context, and every line
 * the request id and trace id of the work it was written for (shared/log-context.ts).
 * `destination`: where lines go (stdout by default; tests pass a stream to read them).
 */
export function createLogger(options: { level: string; name: string; destination?: DestinationStream }): Logger {
  return pino(
    {
      name: options.name,
      level: options.level,
      mixin: logContextFields,
      // Secrets must never reach the log stream, whatever object a caller passes in.
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'secret',
          '*.secret',
          'api_key',
          '*.api_key',
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-api-key"]',
        ],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}
