import { userQueryText } from '../../../shared/search/query/user-query.ts';

const LOG = [
  '2026-11-21T10:00:00.123Z INFO GET /health 200',
  '2026-11-21T10:00:01.456Z ERROR OperationalError: too many clients already',
  '    at Pool.connect (pool.js:45:11)',
  '    at Handler.run (handler.js:12:3)',
].join('\n');
const TRIMMED = 'ERROR OperationalError: too many clients already\nat Pool.connect (pool.js:45:11)';

describe('userQueryText', () => {
  it.each([
    ['prose in query', { query: 'checkout is slow' }, { text: 'checkout is slow', queryKind: undefined }],
    ['a log pasted into query', { query: LOG }, { text: TRIMMED, queryKind: 'error_log' }],
    ['a log as errorLog', { errorLog: LOG }, { text: TRIMMED, queryKind: 'error_log' }],
    [
      'prose and a log: prose leads, the kind is left to classification',
      { query: 'db down', errorLog: LOG },
      { text: `db down\n${TRIMMED}`, queryKind: undefined },
    ],
    ['a log in both', { query: LOG, errorLog: LOG }, { text: `${TRIMMED}\n${TRIMMED}`, queryKind: 'error_log' }],
    ['nothing', {}, { text: '', queryKind: undefined }],
  ])('%s', (_name, input, expected) => {
    expect(userQueryText(input)).toEqual(expected);
  });
});
