import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isDatabaseConnectionError } from '../../../shared/db/connection-errors.ts';
import { PoolAcquireTimeoutError } from '../../../shared/db/pool-guard.ts';

/** An error shaped like the ones pg and Node raise: a message and, often, a code. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('isDatabaseConnectionError', () => {
  it.each<[string, unknown, boolean]>([
    // The server ends the session.
    [
      '57P01 admin shutdown (pg_terminate_backend, fast shutdown)',
      failure('terminating connection due to administrator command', '57P01'),
      true,
    ],
    ['57P02 crash shutdown', failure('terminating connection because of crash of another server process', '57P02'), true],
    ['57P03 cannot connect now (starting up)', failure('the database system is starting up', '57P03'), true],
    ['57P05 idle session timeout', failure('terminating connection due to idle-session timeout', '57P05'), true],
    ['25P03 idle-in-transaction timeout', failure('terminating connection due to idle-in-transaction timeout', '25P03'), true],
    ['53300 too many connections', failure('sorry, too many clients already', '53300'), true],
    ['08006 connection failure', failure('connection failure', '08006'), true],
    ['08001 unable to connect', failure('could not connect to server', '08001'), true],
    // The socket fails.
    ['ECONNREFUSED', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), true],
    ['ECONNRESET', failure('read ECONNRESET', 'ECONNRESET'), true],
    ['ETIMEDOUT', failure('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT'), true],
    ['ENOTFOUND (no such host)', failure('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'), true],
    [
      'AggregateError of refused addresses',
      Object.assign(new AggregateError([failure('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')),
      true,
    ],
    // node-postgres and pg-pool, no code.
    ['connection terminated unexpectedly', failure('Connection terminated unexpectedly'), true],
    ['client not queryable after a connection error', failure('Client has encountered a connection error and is not queryable'), true],
    ['pg-pool checkout timeout', failure('timeout exceeded when trying to connect'), true],
    ['our pool acquire timeout', new PoolAcquireTimeoutError(5000, 10, failure('timeout exceeded when trying to connect')), true],
    // Wrapped by MikroORM or by a cause chain.
    ['DriverException copying the pg error', new DriverException(failure('Connection terminated unexpectedly')), true],
    [
      'ConnectionException with 57P01',
      new ConnectionException(failure('terminating connection due to administrator command', '57P01')),
      true,
    ],
    ['cause chain', new Error('could not load the integration', { cause: failure('read ECONNRESET', 'ECONNRESET') }), true],
    // Statements that are wrong: a bug or bad input, not an outage.
    ['unique violation', new UniqueConstraintViolationException(failure('duplicate key value violates unique constraint', '23505')), false],
    ['syntax error', failure('syntax error at or near "selec"', '42601'), false],
    ['undefined table', failure('relation "nope" does not exist', '42P01'), false],
    ['statement timeout (the query, not the connection)', failure('canceling statement due to statement timeout', '57014'), false],
    ['serialization failure', failure('could not serialize access', '40001'), false],
    ['a code that only starts like class 08', failure('odd', '080'), false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error', 'Connection terminated', false],
    ['null', null, false],
    [
      'a cause cycle',
      (() => {
        const a: Error & { cause?: unknown } = new Error('a');
        a.cause = new Error('b', { cause: a });
        return a;
      })(),
      false,
    ],
  ])('%s → %p', (_label, error, expected) => {
    expect(isDatabaseConnectionError(error)).toBe(expected);
  });
});
