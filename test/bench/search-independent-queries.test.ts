import { INDEPENDENT_QUERIES } from '../../bench/search-independent-queries.ts';
import { buildFixture, QUERY_KINDS_OF_FIXTURE, SCENARIO_KEYS } from '../../bench/search-fixtures.ts';

describe('independent query set', () => {
  it('holds at least 80 queries, at least 40 of them paraphrases', () => {
    expect(INDEPENDENT_QUERIES.length).toBeGreaterThanOrEqual(80);
    expect(INDEPENDENT_QUERIES.filter((query) => query.kind === 'paraphrase').length).toBeGreaterThanOrEqual(40);
  });

  it('names only scenarios of the fixture and covers every one of them', () => {
    const named = new Set(INDEPENDENT_QUERIES.map((query) => query.scenario));
    expect([...named].filter((key) => !SCENARIO_KEYS.includes(key))).toEqual([]);
    expect(SCENARIO_KEYS.filter((key) => !named.has(key))).toEqual([]);
  });

  it.each(QUERY_KINDS_OF_FIXTURE)('has %s queries', (kind) => {
    expect(INDEPENDENT_QUERIES.some((query) => query.kind === kind)).toBe(true);
  });

  it('has no duplicate texts', () => {
    expect(new Set(INDEPENDENT_QUERIES.map((query) => query.text)).size).toBe(INDEPENDENT_QUERIES.length);
  });

  it("gets its scenario's grades in the fixture, apart from the other sets", () => {
    let n = 0;
    const { documents, queries, unseen, independent } = buildFixture('org', (key) => `${key}#${n++}`);
    expect(independent).toHaveLength(INDEPENDENT_QUERIES.length);
    const ids = new Set([...queries, ...unseen].map((query) => query.id));
    for (const query of independent) expect(ids.has(query.id)).toBe(false);
    const idOf = new Map(documents.map((doc) => [doc.id.split('#')[0], `${doc.type}:${doc.id}`]));
    for (const query of independent) {
      const paraphrase = queries.find((first) => first.scenario === query.scenario && first.kind === 'paraphrase');
      // Every non-identifier query grades exactly as the scenario's first paraphrase does.
      if (query.kind !== 'keyword') expect(query.relevant).toEqual(paraphrase?.relevant);
      expect(query.relevant.get(idOf.get(`${query.scenario}-runbook`) as string)).toBe(3);
      // An identifier query names something the scenario's alerts hold, so they grade 3 as well.
      if (query.kind === 'keyword') expect(query.relevant.get(idOf.get(`${query.scenario}-incident-0`) as string)).toBe(3);
    }
  });
});
