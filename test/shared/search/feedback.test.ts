import {
  feedbackTerms,
  feedbackVector,
  fusionDepth,
  fuse,
  rankHybrid,
  type Candidate,
  type FusionParams,
} from '../../../shared/search/query/fusion.ts';
import { hybridSearch } from '../../../shared/search/query/hybrid-search.ts';

const hit = (id: string) => ({ type: 'incident' as const, id, title: id, snippet: '', score: 0, highlights: [] });
const candidate = (id: string, cosine: number, vector?: number[], text = id): Candidate => ({ hit: hit(id), text, cosine, vector });
const rounded = (vector: number[] | undefined) => vector?.map((x) => Number(x.toFixed(4)));

describe('pseudo-relevance feedback vector', () => {
  const semantic = [candidate('a', 0.9, [0, 1]), candidate('b', 0.8, [0.6, 0.8]), candidate('c', 0.1, [-1, 0])];
  const s = Math.SQRT1_2;
  it.each<[string, Parameters<typeof feedbackVector>[3], string[], number[] | undefined]>([
    ['off without feedback', undefined, ['a'], undefined],
    ['off at weight 0', { weight: 0, depth: 3 }, ['a'], undefined],
    // [1, 0] + 1 × [0, 1] → unit length.
    ['the query plus the top document', { weight: 1, depth: 1 }, ['a', 'b'], [s, s]],
    // Mean of a and b is [0.3, 0.9]; [1, 0] + 2 × that = [1.6, 1.8].
    [
      'the mean of the top two, weighed',
      { weight: 2, depth: 2 },
      ['a', 'b', 'c'],
      [1.6 / Math.hypot(1.6, 1.8), 1.8 / Math.hypot(1.6, 1.8)],
    ],
    // `k` came from the keyword side only (no vector): the next document with one takes its place.
    ['skips documents without a vector', { weight: 1, depth: 1 }, ['k', 'a'], [s, s]],
    ['none of the top has a vector', { weight: 1, depth: 2 }, ['k'], undefined],
  ])('%s', (_label, feedback, ranked, expected) => {
    expect(rounded(feedbackVector([1, 0], ranked.map(hit), semantic, feedback))).toEqual(rounded(expected));
  });
});

describe('hybrid ranking with feedback', () => {
  const params = (feedback?: { weight: number; depth: number }): FusionParams => ({
    error_log: { keyword: 0 },
    identifier: { keyword: 0 },
    mixed: { keyword: 0 },
    prose: { keyword: 0, feedback },
  });
  const sides = {
    keyword: [],
    semantic: [candidate('a', 0.9, [0, 1]), candidate('b', 0.5, [1, 0])],
    queryVector: [0.6, 0.8],
  };

  it('runs the semantic side again with the moved vector and ranks by that', async () => {
    const vectors: number[][] = [];
    const { hits, candidates } = await rankHybrid(
      { text: 'why is it slow', kind: 'prose' },
      sides,
      {
        semanticFor: async (vector) => {
          vectors.push(vector);
          return [candidate('c', 0.95, [0, 1]), candidate('a', 0.7, [0, 1])];
        },
      },
      params({ weight: 1, depth: 1 }),
      10,
    );
    expect(vectors.map(rounded)).toEqual([rounded([0.6 / Math.hypot(0.6, 1.8), 1.8 / Math.hypot(0.6, 1.8)])]);
    expect(hits.map((h) => h.id)).toEqual(['c', 'a']);
    expect(candidates.map((c) => c.hit.id)).toEqual(['c', 'a']);
  });

  it('without feedback for the kind, one pass and no second query', async () => {
    let calls = 0;
    const { hits } = await rankHybrid(
      { text: 'why is it slow', kind: 'prose' },
      sides,
      {
        semanticFor: async () => {
          calls++;
          return [];
        },
      },
      params(),
      1,
    );
    expect(calls).toBe(0);
    expect(hits.map((h) => h.id)).toEqual(['a']);
  });

  it('looks up the stored vectors of the top semantic documents only, when the candidates carry none', async () => {
    const looked: string[][] = [];
    const vectors: number[][] = [];
    const bare = (id: string, cosine: number) => candidate(id, cosine);
    await rankHybrid(
      { text: 'why is it slow', kind: 'prose' },
      { keyword: [bare('k', 0)], semantic: [bare('a', 0.9), bare('b', 0.5), bare('c', 0.4)], queryVector: [0.6, 0.8] },
      {
        semanticFor: async (vector) => {
          vectors.push(vector);
          return [];
        },
        vectorsOf: async (hits) => {
          looked.push(hits.map((hit) => hit.id));
          return new Map([
            ['incident:a', [0, 1]],
            ['incident:b', [0, 1]],
          ]);
        },
      },
      params({ weight: 1, depth: 2 }),
      10,
    );
    expect(looked).toEqual([['a', 'b']]);
    expect(vectors.map(rounded)).toEqual([rounded([0.6 / Math.hypot(0.6, 1.8), 1.8 / Math.hypot(0.6, 1.8)])]);
  });
});

// Feedback for prose queries only, over the top two documents, at weight 2.
const proseFeedback: FusionParams = {
  error_log: { keyword: 0 },
  identifier: { keyword: 0 },
  mixed: { keyword: 0 },
  prose: { keyword: 0, feedback: { weight: 2, depth: 2 } },
};

describe('hybrid ranking with the feedback pass in one statement', () => {
  const params = proseFeedback;
  const bare = (id: string, cosine: number) => candidate(id, cosine);
  const sides = { keyword: [bare('k', 0)], semantic: [bare('a', 0.9), bare('b', 0.5), bare('c', 0.4)], queryVector: [0.6, 0.8] };

  it.each<[string, Candidate[] | undefined, string[], string[]]>([
    // Answered: neither the look-up nor the search for a vector runs.
    ['answered in one statement', [candidate('c', 0.95), candidate('a', 0.7)], [], ['c', 'a', 'k']],
    // Not answered (no stored vector, or fewer rows than asked): the look-up and the search run.
    ['left to the look-up and the search', undefined, ['lookup a,b', 'search'], ['d', 'k']],
  ])('%s', async (_label, answer, expectedCalls, expectedHits) => {
    const calls: string[] = [];
    const asked: Array<[number[], string[], number]> = [];
    const { hits } = await rankHybrid(
      { text: 'why is it slow', kind: 'prose' },
      sides,
      {
        semanticFromTop: async (queryVector, top, weight) => {
          asked.push([queryVector, top.map((hit) => hit.id), weight]);
          return answer;
        },
        vectorsOf: async (found) => {
          calls.push(`lookup ${found.map((hit) => hit.id).join()}`);
          return new Map([['incident:a', [0, 1]]]);
        },
        semanticFor: async () => {
          calls.push('search');
          return [candidate('d', 0.99)];
        },
      },
      params,
      10,
    );
    // The top two of the first ranking the semantic side returned (`k` came from the keyword side).
    expect(asked).toEqual([[[0.6, 0.8], ['a', 'b'], 2]]);
    expect(calls).toEqual(expectedCalls);
    expect(hits.map((h) => h.id)).toEqual(expectedHits);
  });

  it('not asked when the candidates carry their vectors', async () => {
    let asked = 0;
    await rankHybrid(
      { text: 'why is it slow', kind: 'prose' },
      { ...sides, semantic: [candidate('a', 0.9, [0, 1]), candidate('b', 0.5, [1, 0])] },
      {
        semanticFromTop: async () => {
          asked++;
          return [];
        },
        semanticFor: async () => [candidate('d', 0.99)],
      },
      params,
      10,
    );
    expect(asked).toBe(0);
  });
});

describe('hybrid search: when the feedback pass in one statement is tried', () => {
  const params = proseFeedback;
  const request = { organizationId: 'org', text: 'why is it slow', mode: 'hybrid' as const, limit: 10, queryKind: 'prose' as const };
  const depth = fusionDepth(request.limit);

  // A first pass shorter than the depth asked holds every matching document: the statement could
  // not answer in full, so the look-up and the search run straight away.
  it.each<[string, number, string[]]>([
    ['a full first pass', depth, ['one statement']],
    ['a first pass short of the depth', depth - 1, ['lookup', 'search']],
  ])('%s', async (_label, semanticCount, expectedCalls) => {
    const calls: string[] = [];
    const semantic = Array.from({ length: semanticCount }, (_, i) => candidate(`s${i}`, 0.9 - i / 100));
    await hybridSearch(request, params, {
      candidates: async (_request, asked) => {
        expect(asked).toBe(depth);
        return { keyword: [], semantic, queryVector: [0.6, 0.8] };
      },
      semanticFromTop: async (_request, asked) => {
        expect(asked).toBe(depth);
        calls.push('one statement');
        return [candidate('d', 0.99)];
      },
      vectorsOf: async () => {
        calls.push('lookup');
        return new Map([['incident:s0', [0, 1]]]);
      },
      semanticFor: async () => {
        calls.push('search');
        return [candidate('d', 0.99)];
      },
    });
    expect(calls).toEqual(expectedCalls);
  });
});

describe('expansion terms from the top documents', () => {
  const top = [
    '[FIRING:1] PostgresTooManyConnections host=orders-db-1 env=eu-west\nFATAL: too many clients (SQLSTATE 53300)',
    '[FIRING:1] PostgresTooManyConnections host=orders-db-1 env=us-east\nRequests queued waiting for a connection',
    'Relieve PostgreSQL connection exhaustion\nAlert: PostgresTooManyConnections\nSeen as: SQLSTATE 53300',
  ];
  const others = [
    '[FIRING:1] DiskFull host=logs-1 env=eu-west',
    '[FIRING:1] NodeNotReady host=ip-10-0-3-17 env=us-east',
    'Unrelated article',
  ];
  const terms = (query: string) =>
    Object.fromEntries(feedbackTerms(query, top, [...top, ...others]).map((term) => [term.text, Number(term.weight.toFixed(3))]));

  // Weight ln((6 + 1) / (df + 0.5)): df is how many of the six candidates hold the term.
  it.each<[string, string, Record<string, number>]>([
    [
      'identifiers at least two top documents share (not eu-west, not PostgreSQL: one each; not FATAL: log boilerplate), the rarer weighing more',
      'the database will not take more sessions',
      { 'firing:1': 0.442, postgrestoomanyconnections: 0.693, 'orders-db-1': 1.03, sqlstate: 1.03, '53300': 1.03 },
    ],
    ["not the query's own", 'SQLSTATE 53300', { 'firing:1': 0.442, postgrestoomanyconnections: 0.693, 'orders-db-1': 1.03 }],
  ])('%s', (_label, query, expected) => {
    expect(terms(query)).toEqual(expected);
  });

  it('none from a single top document', () => {
    expect(feedbackTerms('slow', [top[0] as string], top)).toEqual([]);
  });
});

describe('hybrid ranking with expansion and guidance', () => {
  const weights = (prose: FusionParams['prose']): FusionParams => ({
    error_log: { keyword: 0 },
    identifier: { keyword: 0 },
    mixed: { keyword: 0 },
    prose,
  });
  const first = [
    candidate('a', 0.9, [0, 1], 'PostgresTooManyConnections on orders-db-1'),
    candidate('b', 0.85, [0, 1], 'PostgresTooManyConnections again'),
  ];
  const second = [
    ...first,
    candidate('c', 0.8, [0, 1], 'Disk full on logs-1'),
    candidate('d', 0.7, [0, 1], 'PostgresTooManyConnections seen on orders-db-2'),
  ];
  const rank = async (prose: FusionParams['prose']) =>
    (
      await rankHybrid(
        { text: 'the database refuses sessions', kind: 'prose' },
        { keyword: [], semantic: first, queryVector: [0, 1] },
        { semanticFor: async () => second },
        weights(prose),
        4,
      )
    ).hits.map((hit) => hit.id);

  it.each<[string, FusionParams['prose'], string[]]>([
    ['feedback alone ranks by cosine', { keyword: 0, feedback: { weight: 1, depth: 2 } }, ['a', 'b', 'c', 'd']],
    // d holds the identifier a and b share (weight ln(5 / 3.5)), c does not.
    [
      "with expansion the second pass lifts what shares the top documents' identifiers",
      { keyword: 0, feedback: { weight: 1, depth: 2 }, expansion: 0.2 },
      ['a', 'b', 'd', 'c'],
    ],
    ['expansion needs feedback', { keyword: 0, expansion: 0.2 }, ['a', 'b']],
  ])('%s', async (_label, prose, expected) => {
    expect(await rank(prose)).toEqual(expected);
  });

  it('guidance lifts runbooks and articles over incidents of a close score', () => {
    const incident = { hit: { ...hit('i'), type: 'incident' as const }, text: 'x', cosine: 0.8 };
    const runbook = { hit: { ...hit('r'), type: 'procedure' as const }, text: 'x', cosine: 0.75 };
    const article = { hit: { ...hit('p'), type: 'article' as const }, text: 'x', cosine: 0.7 };
    const order = (guidance?: number) =>
      fuse({ text: 'x', kind: 'prose' }, [], [incident, runbook, article], weights({ keyword: 0, guidance }), 3).map((h) => h.id);
    expect(order()).toEqual(['i', 'r', 'p']);
    expect(order(0.2)).toEqual(['r', 'p', 'i']);
  });
});

describe('guidance slots', () => {
  const of = (type: 'incident' | 'procedure' | 'article', id: string, cosine: number): Candidate => ({
    hit: { ...hit(id), type },
    text: id,
    cosine,
  });
  const corpus = [
    of('incident', 'i1', 0.9),
    of('incident', 'i2', 0.85),
    of('incident', 'i3', 0.8),
    of('procedure', 'r1', 0.7),
    of('article', 'a1', 0.5),
    of('article', 'a2', 0.45),
  ];
  const weightsOf = (slot: number | undefined): FusionParams => {
    const kind = { keyword: 0, ...(slot === undefined ? {} : { slot }) };
    return { error_log: kind, identifier: kind, mixed: kind, prose: kind };
  };
  const fused = (candidates: Candidate[], slot: number | undefined) =>
    fuse({ text: 'x', kind: 'identifier' }, [], candidates, weightsOf(slot), 3);

  it.each<[string, Candidate[], number | undefined, string[]]>([
    ['no slot: by score', corpus, undefined, ['i1', 'i2', 'i3']],
    // The runbook (0.1 below i3) takes the last place; the article (0.35 below i2, the next place up) is too far.
    ['a margin of 0.15: the runbook only', corpus, 0.15, ['i1', 'i2', 'r1']],
    // The runbook displaces i3, then the article the next place up, each ranked by its own score.
    ['a wide margin: the best runbook and the best article', corpus, 1, ['i1', 'r1', 'a1']],
    ['a type already on the page keeps its place and takes no slot', [of('article', 'a0', 0.95), ...corpus], 1, ['a0', 'i1', 'r1']],
    ['nothing of the type anywhere: no slot', corpus.filter((c) => c.hit.type === 'incident'), 1, ['i1', 'i2', 'i3']],
    [
      'a page of runbooks and articles only: nothing to displace',
      [of('procedure', 'r0', 0.95), of('article', 'a0', 0.9), ...corpus],
      1,
      ['r0', 'a0', 'i1'],
    ],
  ])('%s', (_label, candidates, slot, expected) => {
    expect(fused(candidates, slot).map((h) => h.id)).toEqual(expected);
  });

  it('keeps the page in descending score order', () => {
    const scores = fused(corpus, 1).map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  describe('with feedback and a page shorter than its depth', () => {
    // One axis per document, so the feedback vector shows which documents it was made of.
    const axis = (i: number) => Array.from({ length: 6 }, (_, j) => (j === i ? 1 : 0));
    const withVectors = corpus.map((c, i) => ({ ...c, vector: axis(i) }));
    const slotted: FusionParams = {
      ...weightsOf(1),
      identifier: { keyword: 0, slot: 1, feedback: { weight: 1, depth: 3 } },
    };
    const rank = async (semanticFor: (vector: number[]) => Promise<Candidate[]>, limit: number) =>
      rankHybrid(
        { text: 'x', kind: 'identifier' },
        { keyword: [], semantic: withVectors, queryVector: axis(5) },
        { semanticFor },
        slotted,
        limit,
      );

    it.each([1, 2, 3])('moves the query toward the three best incidents, not the slotted runbook and article (limit %i)', async (limit) => {
      const vectors: number[][] = [];
      await rank(async (vector) => {
        vectors.push(vector);
        return withVectors;
      }, limit);
      const first = withVectors.slice(0, 3).map((c) => c.hit);
      expect(vectors).toEqual([feedbackVector(axis(5), first, withVectors, { weight: 1, depth: 3 })]);
    });

    it('still gives the final page its slots', async () => {
      const { hits } = await rank(async () => withVectors, 3);
      expect(hits.map((h) => h.id)).toEqual(['i1', 'r1', 'a1']);
    });

    it('gives the page its slots when feedback finds no vector to move by', async () => {
      const { hits } = await rankHybrid(
        { text: 'x', kind: 'identifier' },
        { keyword: [], semantic: corpus, queryVector: axis(5) },
        { semanticFor: async () => [] },
        slotted,
        3,
      );
      expect(hits.map((h) => h.id)).toEqual(['i1', 'r1', 'a1']);
    });
  });
});
