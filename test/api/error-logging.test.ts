import Koa from 'koa';
import supertest from 'supertest';
import { errorHandler } from '../../api/middleware/error-handler.ts';
import { requestId } from '../../api/middleware/request-id.ts';
import { ServiceUnavailableError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import { capturedLogger } from '../helpers/captured-logger.ts';

function appWith(logger: Logger, handler: Koa.Middleware) {
  const app = new Koa();
  app.use(requestId());
  app.use(errorHandler(logger));
  app.use(handler);
  return supertest(app.callback());
}

describe('5xx logging', () => {
  it('logs the cause of a 503 with the request id, and never sends it to the client', async () => {
    const { logger, lines } = capturedLogger();
    const cause = new Error('14 UNAVAILABLE: No connection established to temporal:7233');
    const response = await appWith(logger, () => {
      throw new ServiceUnavailableError('Alert processing is unavailable; retry later', { cause });
    })
      .get('/')
      .set('X-Request-ID', 'req-cause-0001');
    expect(response.status).toBe(503);
    expect(JSON.stringify(response.body)).not.toContain('No connection established');
    const line = lines.find((entry) => String(entry.msg).startsWith('answered 503'));
    expect(line).toMatchObject({ requestId: 'req-cause-0001', err: { message: cause.message } });
  });

  it('logs an unexpected error as a 500 with its stack', async () => {
    const { logger, lines } = capturedLogger();
    const response = await appWith(logger, () => {
      throw new RangeError('Invalid time value');
    }).get('/');
    expect(response.status).toBe(500);
    expect(lines.find((entry) => entry.msg === 'unhandled error')).toMatchObject({
      err: { type: 'RangeError', message: 'Invalid time value' },
    });
  });

  it('stamps every line written while handling a request with its request id', async () => {
    const { logger, lines } = capturedLogger();
    await appWith(logger, async (ctx) => {
      await new Promise((resolve) => setImmediate(resolve));
      logger.info('deep inside a service');
      ctx.body = {};
    })
      .get('/')
      .set('X-Request-ID', 'req-mixin-0001');
    logger.info('outside any request');
    expect(lines.find((entry) => entry.msg === 'deep inside a service')).toMatchObject({ requestId: 'req-mixin-0001' });
    expect(lines.find((entry) => entry.msg === 'outside any request')).not.toHaveProperty('requestId');
  });
});
