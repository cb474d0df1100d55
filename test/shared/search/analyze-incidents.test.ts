import type { IncidentAnalysisStore } from '../../../shared/db/access/incident-analyses.ts';
import { analyzeIncidents } from '../../../shared/search/analysis/analyze-incidents.ts';
import type { SearchEngine } from '../../../shared/search/engine/engine.ts';
import type { SearchRequest } from '../../../shared/search/port.ts';

/** Three incidents never analysed, an engine that logs its searches, a store that logs what it saves. */
function passOf(engineKind: 'one request at a time' | 'many in one round trip') {
  const steps: string[] = [];
  const hitFor = (request: SearchRequest) => ({
    hits: [{ type: request.types?.[0] ?? 'incident', id: `hit-for-${request.text.split('\n')[0]}`, title: 't', score: 1 }],
    total: 1,
  });
  const engine = {
    backend: 'postgres',
    search: async (request: SearchRequest) => {
      steps.push(`search ${request.text.split('\n')[0]} ${request.types?.join('+')}`);
      return hitFor(request);
    },
    ...(engineKind === 'many in one round trip'
      ? {
          searchAll: async (requests: SearchRequest[]) => {
            steps.push(`searchAll ${requests.length}`);
            return requests.map(hitFor);
          },
        }
      : {}),
  } as unknown as SearchEngine;
  const saved: Array<{ incidentId: string; analysis: unknown }> = [];
  const store: IncidentAnalysisStore = {
    source: async () => undefined,
    sources: async (_organizationId, ids) =>
      ids.map((id) => ({ id, title: id, description: null, tags: [], analysis_text_hash: null, analyzed_at: null })),
    saveAll: async (_organizationId, analyses) => {
      steps.push('save');
      saved.push(...analyses.map(({ incidentId, analysis }) => ({ incidentId, analysis })));
    },
  };
  const run = () =>
    analyzeIncidents(
      { analyses: () => store, engine },
      { organizationId: 'org-a', incidentIds: ['i1', 'i2', 'i3'] },
      {
        pace: async () => void steps.push('pace'),
        onProgress: () => void steps.push('progress'),
      },
    );
  return { run, steps, saved };
}

describe('analyzeIncidents', () => {
  it.each([
    {
      engineKind: 'one request at a time' as const,
      steps: [
        'pace',
        'search i1 incident',
        'search i1 procedure+article',
        'pace',
        'search i2 incident',
        'search i2 procedure+article',
        'pace',
        'search i3 incident',
        'search i3 procedure+article',
        'progress',
        'save',
      ],
    },
    { engineKind: 'many in one round trip' as const, steps: ['pace', 'searchAll 6', 'progress', 'save'] },
  ])('an engine with $engineKind: paces before each unit of searching, stores every analysis once', async ({ engineKind, steps }) => {
    const pass = passOf(engineKind);
    expect(await pass.run()).toEqual({ analyzed: 3, unchanged: 0, missing: 0 });
    expect(pass.steps).toEqual(steps);
    expect(pass.saved).toEqual(
      ['i1', 'i2', 'i3'].map((id) => ({
        incidentId: id,
        analysis: {
          similar_incidents: [{ type: 'incident', id: `hit-for-${id}`, title: 't', score: 1 }],
          suggested_procedures: [{ type: 'procedure', id: `hit-for-${id}`, title: 't', score: 1 }],
        },
      })),
    );
  });
});
