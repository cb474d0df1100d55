import { crossValidatedRankings, fitFusion, ndcgAt, recallAt, type FusionCase } from '../../bench/search-fit.ts';
import { DEFAULT_FUSION, type Candidate } from '../../shared/search/query/fusion.ts';

const candidate = (id: string, text: string, cosine?: number): Candidate => ({
  hit: { type: 'incident', id, title: id, snippet: '', score: 0, highlights: [] },
  text,
  cosine,
});

/**
 * An identifier query per scenario where the answer holds the identifier but the model prefers a
 * look-alike: keyword evidence is what ranks it first, and only fitting can learn that.
 */
function identifierCase(scenario: string): FusionCase {
  const code = `E${scenario}1`;
  return {
    scenario,
    text: code,
    queryKind: 'identifier',
    keyword: [candidate(`${scenario}-answer`, `failed with ${code}`)],
    semantic: [
      candidate(`${scenario}-lookalike`, `failed with E${scenario}2`, 0.7),
      candidate(`${scenario}-answer`, `failed with ${code}`, 0.6),
    ],
    relevant: new Map([[`incident:${scenario}-answer`, 3]]),
  };
}

describe('bench metrics', () => {
  // Grades: a 3, b 1, c 2 (a and c count for recall).
  const relevant = new Map([
    ['incident:a', 3],
    ['incident:b', 1],
    ['incident:c', 2],
  ]);
  const ideal = 7 + 3 / Math.log2(3) + 1 / 2;
  it.each<[string[], number, number]>([
    [['incident:a', 'incident:c', 'incident:b'], 1, 1],
    [['incident:b', 'incident:a'], (1 + 7 / Math.log2(3)) / ideal, 0.5],
    [['incident:x'], 0, 0],
  ])('%j: nDCG@10 %d, recall@10 %d', (ranked, ndcg, recall) => {
    expect(ndcgAt(ranked, relevant)).toBeCloseTo(ndcg, 6);
    expect(recallAt(ranked, relevant)).toBe(recall);
  });
});

describe('fitting hybrid weights', () => {
  it('learns a keyword weight where keyword evidence pays, and keeps the fallback for a kind without cases', () => {
    const fitted = fitFusion(['1', '2', '3'].map(identifierCase), { ...DEFAULT_FUSION, identifier: { keyword: 0 } });
    expect(fitted.identifier.keyword).toBeGreaterThan(0.1);
    // No prose case to fit on: the fallback stays.
    expect(fitted.prose).toEqual(DEFAULT_FUSION.prose);
  });

  it('cross-validation ranks each scenario with weights fitted without it', () => {
    // Scenario 9 alone would want weight 0 (its answer is what the model prefers); the others want
    // a keyword weight. Held out, scenario 9 is ranked with the others' weight and loses.
    const other: FusionCase = {
      scenario: '9',
      text: 'E91',
      queryKind: 'identifier',
      keyword: [candidate('9-decoy', 'E91 in a changelog')],
      semantic: [candidate('9-answer', 'the fix', 0.68), candidate('9-decoy', 'E91 in a changelog', 0.6)],
      relevant: new Map([['incident:9-answer', 3]]),
    };
    const cases = [identifierCase('1'), identifierCase('2'), other];
    const { rankings, fits } = crossValidatedRankings(cases, 3, { ...DEFAULT_FUSION, identifier: { keyword: 0 } });
    expect(fits).toHaveLength(3);
    expect(fits[2]?.identifier.keyword).toBeGreaterThan(0.1);
    expect(rankings[2]?.[0]).toBe('incident:9-decoy');
  });
});
