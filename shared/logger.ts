import { pino, type Logger } from 'pino';

export type { Logger };

/** One pino logger per process; children carry the request id or workflow context. */
export function createLogger(options: { level: string; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    // Secrets must never reach the log stream, whatever object a caller passes in.
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'secret', '*.secret', 'api_key', '*.api_key',
        'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
      censor: '[redacted]',
    },
  });
}
