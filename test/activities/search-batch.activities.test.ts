import { MockActivityEnvironment } from '@temporalio/testing';
import { createIncidentAnalysisActivities } from '../../activities/incident-analysis.activities.ts';
import { createSearchActivities } from '../../activities/search.activities.ts';
import type { SearchIndexInput, SearchPort } from '../../shared/search/port.ts';

/** A search port recording the calls a pass makes; any other method fails the test. */
function recordingPort(analysis: Record<string, 'analyzed' | 'unchanged' | 'missing'> = {}) {
  const indexed: SearchIndexInput[] = [];
  const analyzed: Array<{ organizationId: string; incidentId: string }> = [];
  const unexpected = (name: string) => () => {
    throw new Error(`unexpected call of ${name}`);
  };
  const port: SearchPort = {
    backend: 'postgres',
    indexDocument: async (input) => {
      indexed.push(input);
      return input.id.startsWith('gone') ? 'removed' : 'indexed';
    },
    analyzeIncident: async (input) => {
      analyzed.push(input);
      return analysis[input.incidentId] ?? 'analyzed';
    },
    removeDocument: unexpected('removeDocument'),
    query: unexpected('query'),
    reindex: unexpected('reindex'),
    refresh: unexpected('refresh'),
    close: unexpected('close'),
  };
  return { port, indexed, analyzed };
}

describe('indexDocuments', () => {
  test("indexes each document as the pass's organization, skips an unknown type, and heartbeats per document", async () => {
    const { port, indexed } = recordingPort();
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
    expect(indexed).toEqual([
      { organizationId: 'org-a', type: 'incident', id: 'i1' },
      { organizationId: 'org-a', type: 'article', id: 'gone-1' },
      { organizationId: 'org-a', type: 'log', id: 'l1' },
    ]);
    expect(heartbeats).toBe(documents.length);
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
  test("analyses each incident as the pass's organization and counts those whose analysis changed", async () => {
    const { port, analyzed } = recordingPort({ i2: 'unchanged', i3: 'missing' });
    const { analyzeIncidents } = createIncidentAnalysisActivities({ search: port });
    expect(await analyzeIncidents({ organizationId: 'org-a', incidentIds: ['i1', 'i2', 'i3'] })).toEqual({ analyzed: 1 });
    expect(analyzed).toEqual(['i1', 'i2', 'i3'].map((incidentId) => ({ organizationId: 'org-a', incidentId })));
  });

  test('without search, nothing is analysed', async () => {
    const { analyzeIncidents } = createIncidentAnalysisActivities({});
    expect(await analyzeIncidents({ organizationId: 'org-a', incidentIds: ['i1'] })).toEqual({ analyzed: 0 });
  });
});
