// Every query set search is measured on, by corpus: the fixture's (its labeled queries, the unseen
// and the independent ones; only the first is ever fitted on) and each public corpus's. Weights are
// chosen leave one corpus out: a corpus's queries are scored with weights fitted on the others.
import type { SearchDocument } from '../shared/search/port.ts';
import { loadCorpus, PUBLIC_CORPORA, type CorpusQuery } from './search-corpora.ts';
import { buildFixture } from './search-fixtures.ts';

export interface EvaluationSet {
  /** Shown in reports: the corpus, and which of its query sets. */
  name: string;
  corpus: string;
  /** Fitted on (the fixture's unseen and independent queries never are). */
  training: boolean;
  documents: SearchDocument[];
  queries: CorpusQuery[];
}

/** Ids are `idFor(key)`: the benchmark passes random UUIDs, offline runs any unique string. */
export function evaluationSets(organizationId = '00000000-0000-0000-0000-000000000000', idFor = (key: string) => key): EvaluationSet[] {
  const fixture = buildFixture(organizationId, (key) => idFor(`fixture:${key}`));
  const asCorpusQueries = (queries: typeof fixture.queries): CorpusQuery[] =>
    queries.map((query) => ({ kind: query.kind, text: query.text, relevant: query.relevant, group: query.scenario }));
  return [
    { name: 'fixture', corpus: 'fixture', training: true, documents: fixture.documents, queries: asCorpusQueries(fixture.queries) },
    { name: 'fixture unseen', corpus: 'fixture', training: false, documents: fixture.documents, queries: asCorpusQueries(fixture.unseen) },
    {
      name: 'fixture independent',
      corpus: 'fixture',
      training: false,
      documents: fixture.documents,
      queries: asCorpusQueries(fixture.independent),
    },
    ...Object.keys(PUBLIC_CORPORA).map((name) => {
      const corpus = loadCorpus(name, organizationId, idFor);
      return { name, corpus: name, training: true, documents: corpus.documents, queries: corpus.queries };
    }),
  ];
}
