import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { informativeQuery } from '../../../shared/search/query/error-log.ts';
import { cachedEmbedder, cosineOf, normalize, type EmbedPurpose } from '../../../shared/search/embedding/embedder.ts';
import { DEFAULT_FUSION, fuse, fusionFor } from '../../../shared/search/query/fusion.ts';
import { createHttpEmbedder } from '../../../shared/search/embedding/http-embedder.ts';
import { orTsQuery } from '../../../shared/search/engine/postgres-index.ts';
import { LOCAL_MODELS } from '../../../shared/search/embedding/local-models.ts';
import { createWordPieceTokenizer, vocabularyOf } from '../../../shared/search/embedding/wordpiece.ts';

describe('WordPiece tokenizer', () => {
  const vocab = [
    '[PAD]',
    '[UNK]',
    '[CLS]',
    '[SEP]',
    'the',
    'connect',
    '##ion',
    'pool',
    'is',
    'ex',
    '##haus',
    '##ted',
    '!',
    'cafe',
    ':',
    'ος',
  ].join('\n');
  const tokenizer = createWordPieceTokenizer(vocab);

  it.each([
    ['The connection pool is exhausted!', [2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 3]],
    ['CAFÉ: pool', [2, 13, 14, 7, 3]],
    ['unknownword pool', [2, 1, 7, 3]],
    [`cafe${'\u0301'.repeat(300)} pool`, [2, 13, 7, 3]],
    ['po\u0000ol\uFFFD pool', [2, 7, 7, 3]],
    [`pool${'o'.repeat(20_000)} pool`, [2, 1, 7, 3]],
  ])('encodes %j', (text, ids) => {
    expect(tokenizer.encode(text, 64)).toEqual(ids);
  });

  // A text with no whitespace is cleaned in slices cut between two letters; a final sigma needs the
  // letter before it in its own slice to be lowered as one.
  it.each([8_190, 8_191, 8_192, 8_193])('reads a final sigma after %d ideographs as one', (ideographs) => {
    const ids = tokenizer.encode(`${'漢'.repeat(ideographs)}ΟΣ!`, 10_000);
    expect(ids.slice(-3)).toEqual([15, 12, 3]);
  });

  it('truncates to the maximum length and keeps [SEP] last', () => {
    const ids = tokenizer.encode('pool pool pool pool pool', 4);
    expect(ids).toEqual([2, 7, 7, 3]);
  });

  const tokenizerJson = (changes: { model?: object; normalizer?: object } = {}) =>
    JSON.stringify({
      normalizer: { type: 'BertNormalizer', lowercase: true, ...changes.normalizer },
      model: {
        type: 'WordPiece',
        continuing_subword_prefix: '##',
        vocab: { '[PAD]': 0, '[UNK]': 1, '[CLS]': 2, '[SEP]': 3, pool: 7, '##ed': 9 },
        ...changes.model,
      },
    });

  it('reads the vocabulary of a tokenizer.json the same as a vocab.txt', () => {
    const fromJson = createWordPieceTokenizer(vocabularyOf('tokenizer.json', tokenizerJson()));
    expect(fromJson.encode('Pooled pool', 64)).toEqual([2, 7, 9, 7, 3]);
    expect(vocabularyOf('vocab.txt', 'a\r\nb\n\nc')).toEqual(
      new Map([
        ['a', 0],
        ['b', 1],
        ['c', 3],
      ]),
    );
  });

  it.each([
    ['a BPE model', { model: { type: 'BPE' } }],
    ['another sub-word prefix', { model: { continuing_subword_prefix: '@@' } }],
    ['a cased normalizer', { normalizer: { lowercase: false } }],
    ['no BERT normalizer', { normalizer: { type: 'NFC' } }],
  ])('refuses a tokenizer.json with %s', (_label, changes) => {
    expect(() => vocabularyOf('tokenizer.json', tokenizerJson(changes))).toThrow(/not an uncased BERT WordPiece tokenizer/);
  });
});

describe('embedders', () => {
  it.each([
    ['a vector of its own', [3, 4], [3, 4], 1],
    ['orthogonal vectors', [3, 4], [-4, 3], 0],
    ['opposite vectors', [1, 0, 0], [-2, 0, 0], -1],
    ['vectors at 60 degrees', [1, 0], [0.5, Math.sqrt(3) / 2], 0.5],
  ])('gives the cosine of %s from their unit vectors', (_label, a, b, cosine) => {
    expect(cosineOf(normalize(a), normalize(b))).toBeCloseTo(cosine, 12);
  });

  it('leaves the zero vector as it is rather than dividing by zero', () => {
    expect(normalize([0, 0])).toEqual([0, 0]);
  });

  it('gives a symmetric model one vector for a query and a document of the same text', async () => {
    const calls: Array<[string[], EmbedPurpose | undefined]> = [];
    const inner = {
      model: 'm',
      dimensions: 1,
      symmetric: true,
      embed: async (texts: string[], purpose?: EmbedPurpose) => (calls.push([texts, purpose]), texts.map(() => [texts.length])),
    };
    const cached = cachedEmbedder(inner);
    expect(cached.symmetric).toBe(true);
    expect(await cached.embed(['a'])).toEqual([[1]]);
    expect(await cached.embed(['a'], 'query')).toEqual([[1]]);
    expect(await cached.embed(['b', 'a'], 'query')).toEqual([[1], [1]]);
    expect(calls).toEqual([
      [['a'], 'document'],
      [['b'], 'query'],
    ]);
  });

  it('caches a query and a document of the same text apart', async () => {
    const calls: Array<[string[], EmbedPurpose | undefined]> = [];
    const inner = {
      model: 'm',
      dimensions: 1,
      embed: async (texts: string[], purpose?: EmbedPurpose) => (
        calls.push([texts, purpose]),
        texts.map(() => [purpose === 'query' ? 1 : 0])
      ),
    };
    const cached = cachedEmbedder(inner);
    expect(await cached.embed(['a'], 'query')).toEqual([[1]]);
    expect(await cached.embed(['a'])).toEqual([[0]]);
    expect(await cached.embed(['a', 'b'], 'query')).toEqual([[1], [1]]);
    expect(calls).toEqual([
      [['a'], 'query'],
      [['a'], 'document'],
      [['b'], 'query'],
    ]);
  });

  it('fuses with the weights fitted for the model, and the default for any other', () => {
    expect(fusionFor(LOCAL_MODELS['all-minilm-l6-v2'].name)).toBe(DEFAULT_FUSION);
    expect(fusionFor(LOCAL_MODELS['e5-small-v2'].name)).not.toEqual(DEFAULT_FUSION);
    expect(fusionFor('text-embedding-3-small')).toBe(DEFAULT_FUSION);
  });
});

describe('informativeQuery', () => {
  it('keeps error lines and the first stack frame, drops timestamps, ids and noise', () => {
    const log = [
      '2026-11-21T10:00:00.123Z INFO GET /health 200',
      '2026-11-21T10:00:01.456Z ERROR OperationalError: too many clients already (session 9f1c2d3e-1111-2222-3333-444455556666)',
      '    at Pool.connect (pool.js:45:11)',
      '    at Handler.run (handler.js:12:3)',
      '2026-11-21T10:00:02.456Z ERROR OperationalError: too many clients already (session 0a1c2d3e-1111-2222-3333-444455556666)',
      'Caused by: java.net.ConnectException: Connection refused',
    ].join('\n');
    const query = informativeQuery(log);
    expect(query.split('\n')).toEqual([
      'ERROR OperationalError: too many clients already (session )',
      'at Pool.connect (pool.js:45:11)',
      'Caused by: java.net.ConnectException: Connection refused',
    ]);
  });

  it('falls back to the first lines when nothing looks like an error, and caps the length', () => {
    expect(informativeQuery('checkout slow\nusers waiting')).toBe('checkout slow\nusers waiting');
    expect(informativeQuery(`error ${'x'.repeat(5000)}`, 100)).toHaveLength(100);
  });

  it.each<[string, string, string[]]>([
    [
      'JSON lines: the message, the service and host, the level as a word, the first frame of the stack',
      [
        '{"time":"2026-11-24T22:05:39Z","level":"info","service":"orders-api","msg":"request completed","status":200}',
        '{"time":"2026-11-24T22:05:41Z","level":"error","service":"orders-api","host":"orders-7f9","msg":"too many clients already","stack":"Error: boom\\n    at Pool.connect (pool.js:45:11)\\n    at next (app.js:1:1)"}',
        '{"time":"2026-11-24T22:05:42Z","level":"warn","service":"orders-api","msg":"retry scheduled"}',
      ].join('\n'),
      [
        'ERROR [orders-api] orders-7f9 too many clients already',
        'Error: boom',
        'at Pool.connect (pool.js:45:11)',
        'WARN [orders-api] retry scheduled',
      ],
    ],
    [
      "a nested error object and pino's numeric level",
      '{"level":50,"app":"billing","err":{"type":"TypeError","message":"x is undefined","stack":"TypeError: x is undefined"}}',
      ['ERROR [billing] x is undefined', 'TypeError: x is undefined'],
    ],
    [
      'a journal excerpt: timestamps and process ids go, host and process stay',
      [
        'Nov 24 22:05:39 web-1 systemd[1]: Started api.service.',
        'Nov 24 22:05:41 web-1 api[4711]: ECONNREFUSED 10.0.0.5:5432',
        'Nov  4 22:05:46 web-1 api[4711]: connection refused by upstream',
      ].join('\n'),
      ['web-1 api : ECONNREFUSED 10.0.0.5:5432', 'web-1 api : connection refused by upstream'],
    ],
    ['a line that only looks like JSON stays as it is', '{"error": oops}', ['{"error": oops}']],
  ])('reads structured and system logs: %s', (_case, log, expected) => {
    expect(informativeQuery(log).split('\n')).toEqual(expected);
  });
});

describe('fusion and the PostgreSQL OR query', () => {
  const hit = (id: string, score: number, highlights: string[] = []) => ({
    type: 'incident' as const,
    id,
    title: id,
    snippet: '',
    score,
    highlights,
  });

  it('unions both sides, scores cosine plus weighed keyword evidence, and keeps keyword highlights', () => {
    const params = { ...DEFAULT_FUSION, prose: { keyword: 0.5 } };
    const fused = fuse(
      { text: 'connection pool exhausted', kind: 'prose' },
      [
        { hit: hit('a', 10, ['<em>pool</em>']), text: 'pool' },
        { hit: hit('b', 5), text: 'connection pool exhausted' },
      ],
      [
        { hit: hit('b', 0.9), text: 'connection pool exhausted', cosine: 0.6 },
        { hit: hit('c', 0.5), text: 'unrelated', cosine: 0.4 },
      ],
      params,
      10,
    );
    // a: keyword only, so the lowest semantic cosine (0.4) plus 0.5 × 1/3 of the terms.
    expect(fused.map((h) => [h.id, Number(h.score.toFixed(3))])).toEqual([
      ['b', 1.1],
      ['a', 0.567],
      ['c', 0.4],
    ]);
    expect(fused.find((h) => h.id === 'a')?.highlights).toEqual(['<em>pool</em>']);
    expect(fuse({ text: 'x' }, [], [], DEFAULT_FUSION, 5)).toEqual([]);
  });

  it('turns any text into a safe OR tsquery', () => {
    expect(orTsQuery("Can't connect: 'db' | !(x) & pool")).toBe('can | connect | db | pool');
    expect(orTsQuery('!!! ?')).toBe('');
  });
});

describe('OpenAI-compatible HTTP embedder', () => {
  it('batches, sends the model and key, orders by index and normalizes', async () => {
    const requests: Array<{ auth?: string; body: { model: string; input: string[] } }> = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string; input: string[] };
        requests.push({ auth: req.headers.authorization, body });
        const data = body.input.map((text, index) => ({ index, embedding: [text.length, 0, 0] })).reverse();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const embedder = createHttpEmbedder({ url, model: 'm', dimensions: 3, apiKey: 'k', batchSize: 2 });
      const vectors = await embedder.embed(['a', 'bb', 'ccc']);
      expect(vectors).toEqual([
        [1, 0, 0],
        [1, 0, 0],
        [1, 0, 0],
      ]);
      expect(requests.map((r) => r.body.input)).toEqual([['a', 'bb'], ['ccc']]);
      expect(requests[0]).toMatchObject({ auth: 'Bearer k', body: { model: 'm' } });
      await expect(createHttpEmbedder({ url, model: 'm', dimensions: 4 }).embed(['x'])).rejects.toThrow(/3 dimensions/);
    } finally {
      server.close();
    }
  });
});
