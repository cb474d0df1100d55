import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createLogger } from '../../shared/logger.ts';
import { logContext } from '../../shared/log-context.ts';

describe('log context', () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    name: 'test',
    level: 'info',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  });
  const provider = new NodeTracerProvider();
  beforeAll(() => provider.register());
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
  });

  it('stamps lines written inside a span with its trace and span ids, and inside a request with its id', () => {
    let ids: { traceId: string; spanId: string } | undefined;
    logContext.run({ requestId: 'req-trace-0001' }, () => {
      provider.getTracer('test').startActiveSpan('work', (span) => {
        ids = span.spanContext();
        logger.info('inside');
        span.end();
      });
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', requestId: 'req-trace-0001', traceId: ids?.traceId, spanId: ids?.spanId });
    expect(lines[1]).not.toHaveProperty('traceId');
    expect(lines[1]).not.toHaveProperty('requestId');
  });
});
