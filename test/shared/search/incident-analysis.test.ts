import {
  ANALYSIS_HIT_LIMIT,
  analysisHit,
  analysisRequests,
  analysisSemanticText,
  analysisText,
  analysisTextHash,
  analysisView,
  isAnalysisStale,
  needsAnalysis,
} from '../../../shared/search/analysis/incident-analysis.ts';
import { incidentDocument } from '../../../shared/search/indexing/documents.ts';
import { embeddingText } from '../../../shared/search/query/fusion.ts';

const at = (iso: string) => new Date(iso);
const now = at('2026-11-23T12:00:00.000Z');

describe('analysisText', () => {
  it.each([
    [{ title: 'Disk full', description: 'on web-1' }, 'Disk full\non web-1'],
    [{ title: 'Disk full', description: null }, 'Disk full'],
    [{ title: 'Disk full', description: undefined }, 'Disk full'],
    [{ title: '  Disk full ', description: '  ' }, 'Disk full'],
  ])('%j → %j', (incident, text) => {
    expect(analysisText(incident)).toBe(text);
  });
});

describe('analysisSemanticText', () => {
  it.each([
    [{ title: 'Disk full', description: 'on web-1', tags: ['host:web-1'] }, 'Disk full\non web-1\nhost:web-1'],
    [{ title: 'Disk full', description: null, tags: ['host:web-1', 'env:prod'] }, 'Disk full\nhost:web-1 env:prod'],
    [{ title: 'Disk full', description: 'on web-1', tags: [] }, 'Disk full\non web-1'],
    [{ title: 'Disk full', description: undefined, tags: [] }, 'Disk full\n'],
  ])('%j → %j, the text of the incident document embedded', (incident, text) => {
    expect(analysisSemanticText(incident)).toBe(text);
  });

  it('is the text the incident is indexed and embedded by', () => {
    const incident = { id: 'i1', title: 'Disk full', description: 'on web-1', tags: ['host:web-1'], createdAt: new Date() };
    const document = incidentDocument('org-a', incident as never);
    expect(analysisSemanticText(incident)).toBe(embeddingText(document.title, document.body));
  });
});

describe('analysisTextHash', () => {
  it('is stable for the same text and differs for another', () => {
    expect(analysisTextHash('Disk full')).toBe(analysisTextHash('Disk full'));
    expect(analysisTextHash('Disk full')).not.toBe(analysisTextHash('Disk full!'));
    expect(analysisTextHash('Disk full')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('analysisHit', () => {
  it('keeps type, id, title and score, and drops what belongs to a query', () => {
    expect(
      analysisHit({ type: 'procedure', id: 'p1', title: 'Restart', score: 0.7, snippet: 'x', highlights: ['<em>x</em>'] } as never),
    ).toEqual({ type: 'procedure', id: 'p1', title: 'Restart', score: 0.7 });
  });
});

describe('isAnalysisStale', () => {
  it.each([
    ['never analyzed', null, 15 * 60_000, true],
    ['just analyzed', now, 15 * 60_000, false],
    ['exactly at the limit', at('2026-11-23T11:45:00.000Z'), 15 * 60_000, false],
    ['one ms past the limit', at('2026-11-23T11:44:59.999Z'), 15 * 60_000, true],
    ['a shorter limit', at('2026-11-23T11:59:00.000Z'), 30_000, true],
  ])('%s', (_case, analyzedAt, maxAgeMs, stale) => {
    expect(isAnalysisStale(analyzedAt, now, maxAgeMs)).toBe(stale);
  });
});

describe('needsAnalysis', () => {
  const hash = analysisTextHash('Disk full');
  it.each([
    ['never analyzed', { textHash: null, analyzedAt: null }, true],
    ['same text, fresh (an alert storm on the incident)', { textHash: hash, analyzedAt: at('2026-11-23T11:59:00.000Z') }, false],
    ['text changed, fresh', { textHash: analysisTextHash('Disk almost full'), analyzedAt: at('2026-11-23T11:59:00.000Z') }, true],
    ['same text, stale', { textHash: hash, analyzedAt: at('2026-11-23T11:00:00.000Z') }, true],
  ])('%s', (_case, stored, expected) => {
    expect(needsAnalysis(stored, hash, now)).toBe(expected);
  });
});

describe('analysisView', () => {
  const stored = { similar_incidents: [{ type: 'incident', id: 'i1', title: 'Old', score: 1 }], suggested_procedures: [] };
  it.each([
    ['not computed yet', {}, null, {}],
    ['not computed, column null', null, null, {}],
    ['computed', stored, now, { ...stored, analyzed_at: '2026-11-23T12:00:00.000Z' }],
  ])('%s', (_case, analysis, analyzedAt, view) => {
    expect(analysisView(analysis, analyzedAt)).toEqual(view);
  });
});

describe('analysisRequests', () => {
  const [incidents, procedures] = analysisRequests({
    organizationId: 'org',
    incidentId: 'inc',
    text: 'disk full',
    semanticText: 'disk full\nstorage',
  });

  it.each([
    ['other incidents', incidents, { types: ['incident'], excludeIds: ['inc'] }],
    ['procedures and articles', procedures, { types: ['procedure', 'article'] }],
  ])('%s: one hybrid pass, without highlights', (_name, request, scope) => {
    expect(request).toEqual({
      organizationId: 'org',
      text: 'disk full',
      semanticText: 'disk full\nstorage',
      mode: 'hybrid',
      limit: ANALYSIS_HIT_LIMIT,
      feedback: false,
      highlights: false,
      ...scope,
    });
  });
});
