import type { Context, Middleware } from 'koa';
import type { Logger } from '../../shared/logger.ts';
import { AppError, ERROR_STATUS, ServiceUnavailableError, type ErrorCode, unavailableDependency } from '../../shared/errors.ts';

export interface ErrorBody {
  detail: string;
  status_code: number;
  code: ErrorCode;
  request_id: string;
  [field: string]: unknown;
}

export function errorBody(ctx: Context, code: ErrorCode, detail: string, fields: Record<string, unknown> = {}): ErrorBody {
  return { detail, status_code: ERROR_STATUS[code], code, request_id: String(ctx.state.requestId ?? ''), ...fields };
}

/** Errors thrown by the body parser and the router carry an HTTP status but no contract code. */
function fromHttpError(error: {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}): AppError | undefined {
  const status = error.status ?? error.statusCode;
  // The router answers methods it does not know at all (TRACE, ...) with 501: to a client that is a 405.
  if (status === 501) return new AppError('METHOD_NOT_ALLOWED', 'Method not allowed');
  if (typeof status !== 'number' || status >= 500) return undefined;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
  if (status === 405) return new AppError('METHOD_NOT_ALLOWED', 'Method not allowed');
  if (status === 404) return new AppError('NOT_FOUND', 'Not found');
  if (status === 400) return new AppError('BAD_REQUEST', error.type === 'entity.parse.failed' ? 'Malformed JSON body' : 'Bad request');
  return undefined;
}

/**
 * First in the chain: renders every failure as the contract's error envelope. Unknown errors
 * become INTERNAL_ERROR with no stack or message leaked; they are logged with the request id,
 * and so is the cause of every 5xx.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // The router's allowedMethods answered a known path with a method it lacks (501 when the
      // method is unknown to it, e.g. TRACE): 405 with its `Allow` (RFC 9110), in the envelope.
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
        const allow = ctx.response.get('Allow');
        if (allow) {
          ctx.status = 405;
          ctx.body = errorBody(ctx, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here; allowed: ${allow}`);
        } else {
          // No route has this path at all.
          ctx.remove('Allow');
          ctx.status = 404;
        }
      }
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = errorBody(ctx, 'NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (caught) {
      // A dependency that is down (database connection lost, pool exhausted, Temporal unreachable)
      // is a condition the client should retry: 503 with Retry-After, never a 500.
      const dependency = caught instanceof AppError ? undefined : unavailableDependency(caught);
      const error =
        caught instanceof AppError
          ? caught
          : dependency
            ? new ServiceUnavailableError('Service temporarily unavailable; retry later', { cause: caught })
            : fromHttpError(caught as never);
      if (error) {
        if (error.status >= 500) {
          logger.warn(
            { err: error.cause ?? error, dependency, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path },
            `answered ${error.status} ${error.code}: ${error.message}`,
          );
        }
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body =
          error.shape === 'webhook'
            ? {
                error: { code: error.code, message: error.message, details: error.fields.details ?? {} },
                request_id: String(ctx.state.requestId ?? ''),
              }
            : errorBody(ctx, error.code, error.message, error.fields);
        return;
      }
      logger.error({ err: caught, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = errorBody(ctx, 'INTERNAL_ERROR', 'Internal server error');
    }
  };
}
