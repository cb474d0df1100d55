import type { Candidate } from '../../../shared/search/query/fusion.ts';
import { queryTerms } from '../../../shared/search/query/fusion.ts';
import { keywordQueryText } from '../../../shared/search/query/keyword-query.ts';
import { highlightCandidates, highlightOf } from '../../../shared/search/query/term-highlights.ts';

describe('keywordQueryText', () => {
  it.each([
    ['watermark', 'watermark'],
    // Function words go; the rest keeps the query's order within its group.
    ['why does orders-api keep getting SQLSTATE 53300 at peak', 'orders-api sqlstate 53300 keep getting peak'],
    // Log boilerplate only when nothing else is left.
    ['ERROR failed to connect to pg-main: FATAL too many clients', 'pg-main connect too many clients'],
    ['ERROR failed', 'error failed'],
    ['the and of', ''],
  ])('%j → %j', (text, expected) => {
    expect(keywordQueryText(text)).toBe(expected);
  });

  it('keeps at most the given number of terms, identifiers first', () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i >= 26 ? 'x' : ''}`).join(' ');
    expect(keywordQueryText(`${words} orders-api`, 3)).toBe('orders-api worda wordb');
    expect(keywordQueryText('a b c', 16)).toBe('');
  });
});

describe('highlightOf', () => {
  const of = (query: string, title: string, body: string) => highlightOf(queryTerms(query), title, body);

  it.each([
    // A word matches by its stem, in any case; the title is marked whole.
    [
      'connections pool',
      'Connection Pool exhausted',
      'Too many connections.',
      ['<em>Connection</em> <em>Pool</em> exhausted', 'Too many <em>connections</em>.'],
    ],
    // An identifier only whole: `53300` not inside `153300`, `orders-api` not inside `orders-api-7f9c4`.
    ['53300 orders-api', 'x', 'code 153300 on orders-api-7f9c4, then 53300', ['code 153300 on orders-api-7f9c4, then <em>53300</em>']],
    ['PgBouncer', 'Pooling', 'Use PgBouncer in transaction mode', ['Use <em>PgBouncer</em> in transaction mode']],
    // The document's markup is escaped; only the <em> tags are real.
    [
      'zorblax',
      'Zorblax <script>alert(1)</script>',
      'x & <img src=x onerror=alert(1)> zorblax',
      ['<em>Zorblax</em> &lt;script&gt;alert(1)&lt;/script&gt;', 'x &amp; &lt;img src=x onerror=alert(1)&gt; <em>zorblax</em>'],
    ],
    ['kafka', 'Disk full', 'nothing here', []],
  ])('%j in %j / %j', (query, title, body, highlights) => {
    expect(of(query, title, body).highlights).toEqual(highlights);
  });

  it('takes up to two fragments of a long body, the one with the most distinct terms first, and says where it cut', () => {
    const body = `${'filler '.repeat(40)}pool one ${'filler '.repeat(40)}pool exhausted refused ${'filler '.repeat(40)}end`;
    const { snippet, highlights } = of('pool exhausted refused', 'title', body);
    expect(highlights).toHaveLength(2);
    expect(snippet).toBe(highlights[0]);
    expect(snippet).toMatch(/^….*<em>pool<\/em> <em>exhausted<\/em> <em>refused<\/em>.*…$/);
    expect(highlights[1]).toMatch(/<em>pool<\/em> one/);
    expect(snippet.replace(/<\/?em>/g, '').length).toBeLessThanOrEqual(160 + 2);
  });

  it('gives a body without a match its escaped opening as snippet', () => {
    expect(of('kafka', 'kafka', '<b>disk</b>\n\nfull')).toEqual({
      snippet: '&lt;b&gt;disk&lt;/b&gt; full',
      highlights: ['<em>kafka</em>'],
    });
  });
});

describe('highlightCandidates', () => {
  const candidate = (id: string, title: string, body: string): Candidate => ({
    hit: { type: 'incident', id, title, snippet: 'plain', score: 1, highlights: [] },
    text: `${title}\n${body}`,
  });

  it('marks the given hits with the body of their candidate, keeping their order and scores', () => {
    const candidates = [candidate('a', 'Pool', 'pool exhausted'), candidate('b', 'Disk', 'disk full, pool fine')];
    const hits = [
      { ...(candidates[1] as Candidate).hit, score: 3 },
      { ...(candidates[0] as Candidate).hit, score: 2 },
    ];
    expect(highlightCandidates('pool', candidates, hits)).toEqual([
      { ...hits[0], snippet: 'disk full, <em>pool</em> fine', highlights: ['disk full, <em>pool</em> fine'] },
      { ...hits[1], snippet: '<em>pool</em> exhausted', highlights: ['<em>Pool</em>', '<em>pool</em> exhausted'] },
    ]);
  });
});
