import {
  aboveFloor,
  byRarity,
  feedbackTerms,
  feedbackVector,
  fusionDepth,
  fuse,
  keepOnPage,
  lengthShrink,
  queryTerms,
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

describe('hybrid ranking with expansion', () => {
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
});

describe('keyword evidence floor', () => {
  // A paraphrase sharing one common word with a look-alike: the answer ranks first semantically.
  const answer = candidate('answer', 0.6, undefined, 'the scheduler vanished from target discovery');
  const lookalike = candidate('lookalike', 0.55, undefined, 'statefulset replicas mismatch on the machine');
  const weightsOf = (floor?: number): FusionParams => {
    const kind = { keyword: 0.3, ...(floor === undefined ? {} : { floor }) };
    return { error_log: kind, identifier: kind, mixed: kind, prose: kind };
  };
  const order = (text: string, floor?: number) =>
    fuse({ text, kind: 'prose' }, [lookalike], [answer, lookalike], weightsOf(floor), 2).map((h) => h.id);

  it.each<[string, string, number | undefined, string[]]>([
    // Evidence 1/3 (machine) × 0.3 = 0.1 lifts the look-alike over a 0.05 gap.
    ['without a floor one shared word outranks the semantic order', 'which machine new workloads', undefined, ['lookalike', 'answer']],
    ['under the floor the semantic order stands', 'which machine new workloads', 0.5, ['answer', 'lookalike']],
    // Evidence 1 (every term held) is over any floor below 1.
    ['strong evidence still counts above the floor', 'statefulset replicas mismatch', 0.5, ['lookalike', 'answer']],
  ])('%s', (_label, text, floor, expected) => {
    expect(order(text, floor)).toEqual(expected);
  });

  it.each<[number, number, number]>([
    [0.2, 0, 0.2],
    [0.2, 0.5, 0],
    [0.5, 0.5, 0],
    [0.75, 0.5, 0.5],
    [1, 0.75, 1],
  ])('evidence %d over a floor of %d counts %d', (evidence, floor, expected) => {
    expect(aboveFloor(evidence, floor)).toBeCloseTo(expected, 9);
  });
});

describe('semantic anchor: where keyword evidence is weak, semantic top stays on the page', () => {
  // The scheduler paraphrase of issue 51: its runbook ranks second semantically and shares no word
  // with the query; three look-alikes share one common word (machine, workloads) each.
  const answer = candidate('answer', 0.6, undefined, 'Kube Scheduler Down: the scheduler vanished from target discovery');
  const semantic = [
    candidate('first', 0.62, undefined, 'Kubelet Down'),
    answer,
    candidate('s3', 0.58, undefined, 'StatefulSet replicas mismatch on the machine'),
    candidate('s4', 0.57, undefined, 'StatefulSet generation mismatch, workloads'),
  ];
  const keyword = [candidate('k1', 0, undefined, 'Node machine pressure'), candidate('k2', 0, undefined, 'Deployment workloads stuck')];
  const weightsOf = (anchor?: { top: number; evidence: number }): FusionParams => {
    const kind = { keyword: 0.3, ...(anchor ? { anchor } : {}) };
    return { error_log: kind, identifier: kind, mixed: kind, prose: kind };
  };
  const page = (text: string, anchor?: { top: number; evidence: number }) =>
    fuse({ text, kind: 'prose' }, keyword, semantic, weightsOf(anchor), 3).map((h) => h.id);

  it.each<[string, string, { top: number; evidence: number } | undefined, string[]]>([
    // One word of three (1/3 × 0.3 = 0.1) lifts every look-alike over the answer's 0.02 lead.
    ['without an anchor one shared word pushes the answer off the page', 'which machine new workloads', undefined, ['s3', 's4', 'k1']],
    // Evidence 1/3 is under 0.5: semantic's top two stay; the lowest other hit makes room.
    [
      'with it, semantic top two take the last places in semantic order',
      'which machine new workloads',
      { top: 2, evidence: 0.5 },
      ['s3', 'first', 'answer'],
    ],
    // s3 holds every term (evidence 1): the evidence is strong, fusion's page stands.
    [
      'strong evidence leaves the fused page as it is',
      'statefulset replicas mismatch machine',
      { top: 2, evidence: 0.5 },
      ['s3', 's4', 'k1'],
    ],
  ])('%s', (_label, text, anchor, expected) => {
    expect(page(text, anchor)).toEqual(expected);
  });

  it('keeps the page in score order and no longer than it was', () => {
    const kept = keepOnPage(
      [hit('x'), hit('y'), hit('z')].map((h, i) => ({ ...h, score: 1 - i * 0.1 })),
      [candidate('y', 0.5), candidate('w', 0.95), candidate('v', 0.2)],
    );
    expect(kept.map((h) => h.id)).toEqual(['y', 'w', 'v']);
    const scores = kept.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('a hit kept from the first semantic pass comes back with its candidate, for highlights', async () => {
    const first = [candidate('a', 0.9, [0, 1], 'a text'), candidate('b', 0.8, [0, 1], 'b text')];
    const prose = { keyword: 0.3, feedback: { weight: 1, depth: 1 }, anchor: { top: 2, evidence: 0.5 } };
    const { hits, candidates } = await rankHybrid(
      { text: 'why is it slow', kind: 'prose' },
      { keyword: [], semantic: first, queryVector: [0, 1] },
      // The second pass finds neither of the first pass's top two.
      { semanticFor: async () => [candidate('c', 0.95, [1, 0]), candidate('d', 0.94, [1, 0])] },
      { error_log: prose, identifier: prose, mixed: prose, prose },
      2,
    );
    expect(hits.map((h) => h.id)).toEqual(['a', 'b']);
    expect(candidates.map((c) => c.hit.id)).toEqual(['c', 'd', 'a', 'b']);
  });
});

describe('rarity: a term most candidates hold says little about which one answers', () => {
  const texts = ['argo cd redis password', 'argo cd sync waves', 'argo cd cluster secret', 'argo cd hooks'];
  const candidates = texts.map((text, i) => candidate(`d${i}`, 0.5, undefined, text));
  it.each<[number, number[]]>([
    // `argo` and `cd` are held by every candidate, `redis` by one of four.
    [0, [1, 1, 1]],
    [1, [0, 0, 0.75]],
    [2, [0, 0, 0.5]],
  ])('at strength %d the terms weigh %j', (strength, expected) => {
    expect(byRarity(queryTerms('argo cd redis'), candidates, strength).map((term) => term.weight)).toEqual(expected);
  });
});

describe('length: a long candidate holds more of any query by chance', () => {
  // Two candidates of four distinct words, one of twelve: the mean is 20 / 3.
  const short = 'redis password secret rotation';
  const other = 'sync waves hook order';
  const long = 'argo cd health checks for several standard resources stuck progressing state secret';
  it.each<[string, string, number, number]>([
    ['a text under the mean counts whole', short, 1, 1],
    ['a text of 1.8 times the mean counts 1 / 1.8 at strength 1', long, 1, 20 / 3 / 12],
    ['and the square root of that at strength 0.5', long, 0.5, Math.sqrt(20 / 3 / 12)],
  ])('%s', (_label, text, strength, expected) => {
    expect(lengthShrink([short, other, long], strength)(text)).toBeCloseTo(expected, 9);
  });

  it('ranks a short exact answer over a long text holding the same words among many', () => {
    // The long text (12 distinct words against the answer's 8) holds every term too and sits nearer
    // by meaning: 0.54 + 0.3 against 0.5 + 0.3, and with its evidence shrunk to 10 / 12, 0.79.
    const answer = candidate('answer', 0.5, undefined, 'secret stuck progressing: the controller sets no status');
    const broad = candidate('broad', 0.54, undefined, long);
    const weightsOf = (length?: number): FusionParams => {
      const kind = { keyword: 0.3, ...(length ? { length } : {}) };
      return { error_log: kind, identifier: kind, mixed: kind, prose: kind };
    };
    const order = (length?: number) =>
      fuse({ text: 'secret stuck progressing', kind: 'mixed' }, [broad, answer], [broad, answer], weightsOf(length), 2).map((h) => h.id);
    expect(order()).toEqual(['broad', 'answer']);
    expect(order(1)).toEqual(['answer', 'broad']);
  });
});
