import { DEFAULT_FUSION, fuse, keywordEvidence, queryTerms, stem, type Candidate } from '../../../shared/search/query/fusion.ts';
import { classifyQuery, isIdentifierToken, type QueryKind } from '../../../shared/search/query/query-kind.ts';

describe('classifyQuery', () => {
  it.each<[string, QueryKind]>([
    // Pasted logs: a level word with a timestamp or an exception, a stack frame, several level lines.
    ['2026-11-21T03:14:15.926Z ERROR [orders-api] FATAL: sorry, too many clients already', 'error_log'],
    ['ERROR OperationalError: too many clients already', 'error_log'],
    ['Traceback (most recent call last):\n  File "/srv/worker/handler.py", line 42, in handle', 'error_log'],
    ['TypeError: x is undefined\n    at Checkout.render (checkout.js:120:18)', 'error_log'],
    ['WARN disk at 91%\nERROR write failed', 'error_log'],
    ['{"level":"error","service":"orders-api","msg":"too many clients already"}', 'error_log'],
    ['{"level":50,"msg":"boom"}', 'error_log'],
    ['{"severity":"WARNING","message":"disk at 91%"}', 'error_log'],
    ['time=2026-11-24 level=error msg="write failed" path=/data', 'error_log'],
    ['Nov 24 22:05:41 web-1 api[4711]: connection refused by upstream', 'error_log'],
    ['{"level":"info","msg":"request completed"}', 'prose'],
    [
      'org.apache.kafka.clients.consumer.CommitFailedException: Commit cannot be completed since the group has already rebalanced',
      'error_log',
    ],
    // Identifiers: error codes, hostnames, metric names, alone or with a word or two.
    ['SQLSTATE 53300', 'identifier'],
    ['ENOTFOUND', 'identifier'],
    ['ip-10-0-3-17 NodeNotReady', 'identifier'],
    ['container_cpu_cfs_throttled_periods_total', 'identifier'],
    ['orders-api database clients refused', 'identifier'],
    ['watermark', 'identifier'],
    ['TLS certificates', 'identifier'],
    ['kafka consumer lag', 'identifier'],
    ['postgres replica lag stale reads', 'prose'],
    // A sentence holding an identifier.
    ['why does orders-api keep getting SQLSTATE 53300 at peak', 'mixed'],
    ['kubelet on ip-10-0-3-17 stopped posting node status', 'mixed'],
    ['users hit ChunkLoadError for chunk 7 after the deploy', 'mixed'],
    // Prose.
    ['sql server will not take any more sessions from the app', 'prose'],
    ['the thumbnail service keeps dying because it uses too much ram', 'prose'],
    ['kafka consumers are lagging behind', 'prose'],
    ['', 'prose'],
  ])('%j is %s', (text, kind) => {
    expect(classifyQuery(text)).toBe(kind);
  });
});

describe('isIdentifierToken', () => {
  it.each<[string, boolean]>([
    ['53300', true],
    ['orders-api', true],
    ['max.poll.interval.ms', true],
    ['pg_hba', true],
    ['ENOTFOUND', true],
    ['OOMKilled', true],
    ['database', false],
    ['Postgres', false],
    ['a', false],
    ['TLS', true],
  ])('%s → %s', (token, expected) => {
    expect(isIdentifierToken(token)).toBe(expected);
  });
});

describe('keyword evidence', () => {
  it.each<[string, string, number]>([
    // Every term held: full evidence.
    ['SQLSTATE 53300', 'FATAL: sorry, too many clients already (SQLSTATE 53300)', 1],
    // An identifier matches whole only: a longer host is another host.
    ['ip-10-0-3-17', 'Node ip-10-0-3-171 NotReady', 0],
    ['ip-10-0-3-17', 'Node ip-10-0-3-17. NotReady', 1],
    // Plain words by stem; function words do not count.
    ['the connections were refused', 'Postgres refused new connection', 1],
    // An identifier weighs double a word: 2 of 3.
    ['orders-api timeout', 'orders-api is down', 2 / 3],
    // Log boilerplate weighs a quarter: `error` alone is weak evidence.
    ['ERROR disk full', 'an error page', 0.25 / 2.25],
    ['', 'anything', 0],
    // Whole at either end, beside punctuation, and not inside a longer name or number.
    ['orders-api', 'orders-api', 1],
    ['orders-api', '(orders-api)', 1],
    ['orders-api', 'orders-api-7f9c4 restarted', 0],
    ['orders_api', 'my_orders_api restarted', 0],
    ['53300', 'SQLSTATE 153300', 0],
    // Identifiers with other characters inside (matched by pattern, not by a text's runs).
    ['10.0.3.17', 'host 10.0.3.17: unreachable', 1],
    ['10.0.3.17', 'host 10.0.3.171 unreachable', 0],
    ['api.example.com', 'GET https://api.example.com/v1', 1],
  ])('%j in %j → %d', (query, text, expected) => {
    expect(keywordEvidence(queryTerms(query), text)).toBeCloseTo(expected, 5);
  });

  it("finds an identifier whole exactly where the whole-word pattern does, whatever the text's characters", () => {
    const pattern = (term: string) =>
      new RegExp(`(?<![\\p{L}\\p{N}_-])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u');
    const identifiers = ['orders-api', 'pod_7', 'ip-10-0-3-17', 'sqlstate', 'kubepodcrashlooping', 'café-1', '10.0.3.17', 'a/b-c'];
    const texts = [
      'orders-api',
      'x orders-api-2 y',
      'orders-api\torders_api',
      'Pod_7/pod_7.log',
      'ip-10-0-3-17:9100 down',
      '—ip-10-0-3-17—',
      'SQLSTATE=53300',
      '[KubePodCrashLooping] café-1 é',
      'cafécafé-1',
      '10.0.3.17a 10.0.3.17',
      'x a/b-c-d a/b-c',
      '',
    ];
    for (const identifier of identifiers)
      for (const text of texts) {
        const terms = queryTerms(identifier.toUpperCase() === identifier ? identifier : identifier.toUpperCase());
        expect(terms).toHaveLength(1);
        expect([identifier, text, keywordEvidence(terms, text)]).toEqual([
          identifier,
          text,
          pattern(identifier).test(text.toLowerCase()) ? 1 : 0,
        ]);
      }
  });

  it('stems plurals and verb forms alike', () => {
    expect(['connections', 'connection', 'connecting'].map(stem)).toEqual(['connect', 'connect', 'connect']);
  });
});

describe('fuse by kind of query', () => {
  const candidate = (id: string, text: string, cosine?: number): Candidate => ({
    hit: { type: 'incident', id, title: id, snippet: '', score: 0, highlights: [] },
    text,
    cosine,
  });
  // `strong` answers the sentence by meaning; `weak` only shares two of its words.
  const semantic = [
    candidate('strong', 'Postgres rejecting new clients: too many connections', 0.62),
    candidate('weak', 'SQL Server licensing for the app', 0.35),
  ];
  const keyword = [candidate('weak', 'SQL Server licensing for the app'), candidate('exact', 'FATAL: too many clients (SQLSTATE 53300)')];

  it('a weak lexical match does not outrank a strong semantic one on a sentence', () => {
    const hits = fuse({ text: 'sql server will not take any more sessions from the app' }, keyword, semantic, DEFAULT_FUSION, 10);
    expect(hits[0]?.id).toBe('strong');
  });

  it('an identifier query puts the exact match first, even with a lower cosine', () => {
    const hits = fuse({ text: 'SQLSTATE 53300' }, keyword, semantic, DEFAULT_FUSION, 10);
    expect(hits[0]?.id).toBe('exact');
  });
});
