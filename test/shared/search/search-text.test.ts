import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { informativeQuery } from '../../../shared/search/error-log.ts';
import { DEFAULT_FUSION, fuse } from '../../../shared/search/fusion.ts';
import { createHttpEmbedder } from '../../../shared/search/http-embedder.ts';
import { orTsQuery } from '../../../shared/search/postgres-index.ts';
import { createWordPieceTokenizer } from '../../../shared/search/wordpiece.ts';

describe('WordPiece tokenizer', () => {
  const vocab = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'the', 'connect', '##ion', 'pool', 'is', 'ex', '##haus', '##ted', '!', 'cafe', ':'].join('\n');
  const tokenizer = createWordPieceTokenizer(vocab);

  it.each([
    ['The connection pool is exhausted!', [2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 3]],
    ['CAFÉ: pool', [2, 13, 14, 7, 3]],
    ['unknownword pool', [2, 1, 7, 3]],
  ])('encodes %j', (text, ids) => {
    expect(tokenizer.encode(text, 64)).toEqual(ids);
  });

  it('truncates to the maximum length and keeps [SEP] last', () => {
    const ids = tokenizer.encode('pool pool pool pool pool', 4);
    expect(ids).toEqual([2, 7, 7, 3]);
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
});

describe('fusion and the PostgreSQL OR query', () => {
  const hit = (id: string, score: number, highlights: string[] = []) => ({ type: 'incident' as const, id, title: id, snippet: '', score, highlights });

  it('unions both sides, scores cosine plus weighed keyword evidence, and keeps keyword highlights', () => {
    const params = { ...DEFAULT_FUSION, prose: { keyword: 0.5 } };
    const fused = fuse(
      { text: 'connection pool exhausted', kind: 'prose' },
      [{ hit: hit('a', 10, ['<em>pool</em>']), text: 'pool' }, { hit: hit('b', 5), text: 'connection pool exhausted' }],
      [{ hit: hit('b', 0.9), text: 'connection pool exhausted', cosine: 0.6 }, { hit: hit('c', 0.5), text: 'unrelated', cosine: 0.4 }],
      params,
      10,
    );
    // a: keyword only, so the lowest semantic cosine (0.4) plus 0.5 × 1/3 of the terms.
    expect(fused.map((h) => [h.id, Number(h.score.toFixed(3))])).toEqual([['b', 1.1], ['a', 0.567], ['c', 0.4]]);
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
      expect(vectors).toEqual([[1, 0, 0], [1, 0, 0], [1, 0, 0]]);
      expect(requests.map((r) => r.body.input)).toEqual([['a', 'bb'], ['ccc']]);
      expect(requests[0]).toMatchObject({ auth: 'Bearer k', body: { model: 'm' } });
      await expect(createHttpEmbedder({ url, model: 'm', dimensions: 4 }).embed(['x'])).rejects.toThrow(/3 dimensions/);
    } finally {
      server.close();
    }
  });
});
