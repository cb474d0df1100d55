// The public corpora of `npm run bench:search` (bench/corpora/<name>/corpus.json, each with its
// LICENSE and SOURCE.md): documents nobody here wrote, and queries whose labels come from the
// sources themselves (an alert's `runbook_url`, the answer under a FAQ's question).
import { readFileSync } from 'node:fs';
import type { SearchDocument, SearchDocumentType } from '../shared/search/port.ts';

export interface CorpusQuery {
  /** How the query was asked: `alert`, `description`, `question` or `paraphrase`. */
  kind: string;
  text: string;
  /** document key (`type:id`) → grade; every labeled document grades 2. */
  relevant: Map<string, number>;
  /** What the query is about (an alert, a question): leave-one-corpus-out keeps them together anyway. */
  group: string;
}

export interface Corpus {
  name: string;
  documents: SearchDocument[];
  queries: CorpusQuery[];
  kinds: string[];
}

interface CorpusFile {
  documents: Array<{ key: string; title: string; body: string }>;
  queries: Array<{ kind: string; text: string; relevant: string[]; alert?: string; question?: string }>;
}

/** Name → the type its documents are indexed as: runbooks are procedures, FAQ answers articles. */
export const PUBLIC_CORPORA: Record<string, SearchDocumentType> = {
  'prometheus-operator-runbooks': 'procedure',
  'argo-cd-faq': 'article',
};

export function loadCorpus(name: string, organizationId: string, idFor: (key: string) => string): Corpus {
  const type = PUBLIC_CORPORA[name] as SearchDocumentType;
  const file = JSON.parse(readFileSync(new URL(`./corpora/${name}/corpus.json`, import.meta.url), 'utf8')) as CorpusFile;
  const keyOf = new Map<string, string>();
  const documents = file.documents.map((doc, i): SearchDocument => {
    const id = idFor(`${name}:${doc.key}`);
    keyOf.set(doc.key, `${type}:${id}`);
    return { organizationId, type, id, title: doc.title, body: doc.body, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) };
  });
  const queries = file.queries.map((query) => ({
    kind: query.kind,
    text: query.text,
    group: query.alert ?? query.question ?? query.text,
    relevant: new Map(query.relevant.map((key) => [keyOf.get(key) as string, 2])),
  }));
  return { name, documents, queries, kinds: [...new Set(queries.map((query) => query.kind))] };
}
