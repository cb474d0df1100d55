import { MockActivityEnvironment } from '@temporalio/testing';
import { createIncidentAnalysisActivities } from '../../activities/incident-analysis.activities.ts';
import { createSearchActivities } from '../../activities/search.activities.ts';
import type { SearchIndexInput, SearchPort } from '../../shared/search/port.ts';

/** A search port recording the batch calls a pass makes; any other method fails the test. */
function recordingPort(analysis: Record<string, 'analyzed' | 'unchanged' | 'missing'> = {}) {
  const indexCalls: Array<{ organizationId: string; documents: Array<Pick<SearchIndexInput, 'type' | 'id'>> }> = [];
  const analysisCalls: Array<{ organizationId: string; incidentIds: readonly string[] }> = [];
  // What the port did, in order, with the pace's waits a test's followUpPace adds.
  const steps: string[] = [];
  const unexpected = (name: string) => () => {
    throw new Error(`unexpected call of ${name}`);
  };
  const port: SearchPort = {
    backend: 'postgres',
    indexDocuments: async (organizationId, documents) => {
      steps.push('index');
      indexCalls.push({ organizationId, documents: [...documents] });
      const removed = documents.filter((document) => document.id.startsWith('gone')).length;
      return { indexed: documents.length - removed, removed };
    },
    analyzeIncidents: async (input, hooks) => {
      analysisCalls.push(input);
      const counts = { analyzed: 0, unchanged: 0, missing: 0 };
      for (const id of input.incidentIds) {
        await hooks?.pace?.();
        steps.push(`analyze ${id}`);
        counts[analysis[id] ?? 'analyzed'] += 1;
        hooks?.onProgress?.();
      }
      return counts;
    },
    indexDocument: unexpected('indexDocument'),
    analyzeIncident: unexpected('analyzeIncident'),
    removeDocument: unexpected('removeDocument'),
    query: unexpected('query'),
    reindex: unexpected('reindex'),
    refresh: unexpected('refresh'),
    close: unexpected('close'),
  };
  return { port, indexCalls, analysisCalls, steps };
}

describe('indexDocuments', () => {
  test("indexes the pass's known documents in one batch as its organization, skips an unknown type, and heartbeats", async () => {
    const { port, indexCalls } = recordingPort();
    const { indexDocuments } = createSearchActivities({ search: port });
    const env = new MockActivityEnvironment();
    let heartbeats = 0;
    env.on('heartbeat', () => (heartbeats += 1));
    const documents = [
      { type: 'incident', id: 'i1' },
      { type: 'article', id: 'gone-1' },
      { type: 'bogus', id: 'x' },
      { type: 'log', id: 'l1' },
    ] as Array<Pick<SearchIndexInput, 'type' | 'id'>>;
    const counts = await env.run(indexDocuments, { organizationId: 'org-a', documents });
    expect(counts).toEqual({ indexed: 2, removed: 1, skipped: 1 });
    expect(indexCalls).toEqual([
      {
        organizationId: 'org-a',
        documents: [
          { type: 'incident', id: 'i1' },
          { type: 'article', id: 'gone-1' },
          { type: 'log', id: 'l1' },
        ],
      },
    ]);
    expect(heartbeats).toBeGreaterThan(0);
  });

  test('waits for the critical path (heartbeating while it waits) before it indexes', async () => {
    const { port, steps } = recordingPort();
    const { indexDocuments } = createSearchActivities({
      search: port,
      followUpPace: async (whileWaiting) => {
        steps.push('pace');
        whileWaiting();
      },
    });
    const env = new MockActivityEnvironment();
    let heartbeats = 0;
    env.on('heartbeat', () => (heartbeats += 1));
    await env.run(indexDocuments, { organizationId: 'org-a', documents: [{ type: 'incident' as const, id: 'i1' }] });
    expect(steps).toEqual(['pace', 'index']);
    expect(heartbeats).toBe(3);
  });

  test('without search, every document is skipped', async () => {
    const { indexDocuments } = createSearchActivities({});
    expect(await indexDocuments({ organizationId: 'org-a', documents: [{ type: 'incident', id: 'i1' }] })).toEqual({
      indexed: 0,
      removed: 0,
      skipped: 1,
    });
  });
});

describe('analyzeIncidents', () => {
  test("analyses the pass's incidents in one batch as its organization, counts those whose analysis changed, heartbeats per store", async () => {
    const { port, analysisCalls } = recordingPort({ i2: 'unchanged', i3: 'missing' });
    const { analyzeIncidents } = createIncidentAnalysisActivities({ search: port });
    const env = new MockActivityEnvironment();
    let heartbeats = 0;
    env.on('heartbeat', () => (heartbeats += 1));
    expect(await env.run(analyzeIncidents, { organizationId: 'org-a', incidentIds: ['i1', 'i2', 'i3'] })).toEqual({ analyzed: 1 });
    expect(analysisCalls).toEqual([{ organizationId: 'org-a', incidentIds: ['i1', 'i2', 'i3'] }]);
    expect(heartbeats).toBeGreaterThanOrEqual(3);
  });

  test("waits for the critical path before each incident's searches", async () => {
    const { port, steps } = recordingPort();
    const { analyzeIncidents } = createIncidentAnalysisActivities({
      search: port,
      followUpPace: async () => void steps.push('pace'),
    });
    await new MockActivityEnvironment().run(analyzeIncidents, { organizationId: 'org-a', incidentIds: ['i1', 'i2'] });
    expect(steps).toEqual(['pace', 'analyze i1', 'pace', 'analyze i2']);
  });

  test('without search, nothing is analysed', async () => {
    const { analyzeIncidents } = createIncidentAnalysisActivities({});
    expect(await analyzeIncidents({ organizationId: 'org-a', incidentIds: ['i1'] })).toEqual({ analyzed: 0 });
  });
});
