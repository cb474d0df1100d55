import { loadConfig } from '../load-config.ts';
import { createSearchDocumentStore } from '../db/access/search-documents.ts';
import { openOrm } from '../db/orm.ts';
import { forkForStores } from '../db/tenant-filter.ts';
import { createEmbedder } from './create-search.ts';
import { createElasticsearchEngine } from './engine/elasticsearch-index.ts';
import { createPostgresEngine, sqlRunnerFromOrm } from './engine/postgres-index.ts';
import { reindexAll } from './indexing/reindex.ts';
import { SEARCH_DOCUMENT_TYPES, type SearchDocumentType } from './port.ts';

// `npm run search:reindex [-- --types incident,article,procedure,log]`: rebuilds the search index
// from PostgreSQL. On Elasticsearch it fills the current versioned index, then moves the alias to it.
const config = loadConfig();
if (!config.DATABASE_URL) {
  process.stderr.write('DATABASE_URL is required (start the stack with `npm start` and use its database)\n');
  process.exit(1);
}
const typesArg = process.argv.indexOf('--types');
const types =
  typesArg > 0
    ? (process.argv[typesArg + 1] ?? '')
        .split(',')
        .filter((type): type is SearchDocumentType => (SEARCH_DOCUMENT_TYPES as readonly string[]).includes(type))
    : undefined;

const orm = await openOrm({ databaseUrl: config.DATABASE_URL, poolMax: 2 });
try {
  const embedder = await createEmbedder(config);
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const documents = () => createSearchDocumentStore(forkForStores(orm));
  if (config.ELASTICSEARCH_URL) {
    const index = createElasticsearchEngine({ url: config.ELASTICSEARCH_URL, prefix: config.SEARCH_INDEX_PREFIX, embedder });
    await index.ensureReady();
    const count = await reindexAll({ documents, index, types, log });
    await index.promote();
    log(`indexed ${count} document(s) into ${index.names.index}; alias ${index.names.alias} points to it`);
    await index.close();
  } else {
    const index = createPostgresEngine({ sql: sqlRunnerFromOrm(orm), embedder });
    const count = await reindexAll({ documents, index, types, log });
    log(`indexed ${count} document(s) into PostgreSQL search_documents`);
  }
} finally {
  await orm.close();
}
