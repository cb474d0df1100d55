import { fitFusion, leaveOneCorpusOut, mrrAt, ndcgAt, recallAt, type FusionCase } from '../../bench/search-fit.ts';
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
  it.each<[string[], number]>([
    [['incident:a', 'incident:b'], 1],
    // b is graded 1: not what MRR looks for.
    [['incident:b', 'incident:x', 'incident:c'], 1 / 3],
    [['incident:b'], 0],
    [[...Array.from({ length: 10 }, (_, i) => `incident:x${i}`), 'incident:a'], 0],
  ])('%j: MRR@10 %d', (ranked, mrr) => {
    expect(mrrAt(ranked, relevant)).toBeCloseTo(mrr, 9);
  });
});

describe('fitting hybrid weights', () => {
  it('learns a keyword weight where keyword evidence pays, and keeps the fallback for a kind without cases', () => {
    const fitted = fitFusion(['1', '2', '3'].map(identifierCase), { ...DEFAULT_FUSION, identifier: { keyword: 0 } });
    expect(fitted.identifier.keyword).toBeGreaterThan(0.1);
    // No prose case to fit on: the fallback stays.
    expect(fitted.prose).toEqual(DEFAULT_FUSION.prose);
  });

  it('leave one corpus out ranks each corpus with weights fitted on the others', () => {
    // Corpus b alone would want weight 0 (its answer is what the model prefers); corpus a wants a
    // keyword weight. Held out, b is ranked with a's weight and loses.
    const other: FusionCase = {
      scenario: '9',
      corpus: 'b',
      text: 'E91',
      queryKind: 'identifier',
      keyword: [candidate('9-decoy', 'E91 in a changelog')],
      semantic: [candidate('9-answer', 'the fix', 0.68), candidate('9-decoy', 'E91 in a changelog', 0.6)],
      relevant: new Map([['incident:9-answer', 3]]),
    };
    const cases = [{ ...identifierCase('1'), corpus: 'a' }, { ...identifierCase('2'), corpus: 'a' }, other];
    const { rankings, fits } = leaveOneCorpusOut(cases, { ...DEFAULT_FUSION, identifier: { keyword: 0 } });
    expect([...fits.keys()]).toEqual(['a', 'b']);
    expect(fits.get('b')?.identifier.keyword).toBeGreaterThan(0.1);
    // Fitted on b alone, a's identifiers get no keyword weight and a's look-alikes win.
    expect(fits.get('a')?.identifier.keyword).toBe(0);
    expect(rankings[0]?.[0]).toBe('incident:1-lookalike');
    expect(rankings[2]?.[0]).toBe('incident:9-decoy');
  });

  it('weighs each corpus alike, however many queries it has', () => {
    // Three queries of a want a keyword weight, one of b wants none; by corpus it is one against one,
    // and the most conservative of the tied best (weight 0) is what a fit picks.
    const b: FusionCase = {
      scenario: '9',
      corpus: 'b',
      text: 'E91',
      queryKind: 'identifier',
      keyword: [candidate('9-decoy', 'E91 in a changelog')],
      semantic: [candidate('9-answer', 'the fix', 0.68), candidate('9-decoy', 'E91 in a changelog', 0.6)],
      relevant: new Map([['incident:9-answer', 3]]),
    };
    const a = ['1', '2', '3'].map((scenario) => ({ ...identifierCase(scenario), corpus: 'a' }));
    const pooled = fitFusion([...a, { ...b, corpus: 'a' }], { ...DEFAULT_FUSION, identifier: { keyword: 0 } });
    const byCorpus = fitFusion([...a, b], { ...DEFAULT_FUSION, identifier: { keyword: 0 } });
    expect(pooled.identifier.keyword).toBeGreaterThan(0);
    expect(byCorpus.identifier.keyword).toBe(0);
  });
});
