import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../shared/logger.ts';

/** A logger whose lines are kept, parsed, for the test to read. */
export function capturedLogger(level = 'info'): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ name: 'test', level, destination }), lines };
}
