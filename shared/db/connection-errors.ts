// SQLSTATEs that mean "no usable connection", not "this statement is wrong": class 08
// (connection exception), the server shutting down or starting up, the session killed by a
// timeout, no connection slot left.
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, fast shutdown, failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);

// Socket-level failures reaching the server (Node's errno codes).
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// Errors node-postgres and pg-pool raise themselves, with no code.
const CLIENT_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'is not queryable'];

const POOL_ACQUIRE_TIMEOUT = 'TOCSIN_POOL_ACQUIRE_TIMEOUT';

function isConnectionLevel(node: { code?: unknown; message?: unknown }): boolean {
  const code = typeof node.code === 'string' ? node.code : undefined;
  if (
    code &&
    ((code.startsWith('08') && code.length === 5) ||
      CONNECTION_SQLSTATES.has(code) ||
      SOCKET_CODES.has(code) ||
      code === POOL_ACQUIRE_TIMEOUT)
  ) {
    return true;
  }
  const message = typeof node.message === 'string' ? node.message : '';
  return CLIENT_MESSAGES.some((fragment) => message.includes(fragment));
}

/**
 * True when `error` (or anything it wraps: MikroORM's DriverException copies the pg error's
 * fields, `cause` chains, AggregateError from a multi-address connect) says PostgreSQL could not be
 * reached or the connection was lost: a condition that passes, unlike a failed statement.
 */
export function isDatabaseConnectionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const node = pending.shift();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (isConnectionLevel(node as { code?: unknown; message?: unknown })) return true;
    const { cause, errors } = node as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}
