import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Linted as if it were the named file (its text replaced): what the SQL rule says there.
const RAW_STATEMENT = `declare const em: { execute(sql: string): Promise<unknown>; getConnection(): { execute(sql: string): Promise<unknown> } };
export const probe = async () => [await em.execute('select 1'), await em.getConnection().execute('select 1')];
`;
const RAW_FRAGMENT = `import { raw } from '@mikro-orm/core';
export const probe = { [raw('1 = 1')]: true };
`;

const PG_QUERY = `declare const client: { query(sql: string): Promise<unknown> };
export const probe = async (table: string) => [await client.query('select 1'), await client.query(\`select * from \${table}\`)];
`;
const TAGGED = `declare const sql: (strings: TemplateStringsArray, ...values: unknown[]) => Promise<unknown>;
export const probe = async (id: string) => sql\`select * from incidents where id = \${id}\`;
`;
// Not SQL: a Temporal workflow query and the search port's query take no statement.
const NOT_SQL = `declare const workflow: { query(name: object): Promise<unknown> };
declare const search: { query(request: object): Promise<unknown> };
export const probe = async () => [await workflow.query({ name: 'state' }), await search.query({ text: 'disk' })];
`;
// The ORM's unit of work: its type imported, a query on it, one taken to hand elsewhere.
const ORM_IMPORT = `import type { EntityManager } from '@mikro-orm/postgresql';
export const probe = (em: () => EntityManager) => em;
`;
const ORM_QUERY = `declare const em: { findOne(entity: object, where: object): Promise<unknown> };
export const probe = async () => em.findOne({}, { id: '1' });
`;
const ORM_TRANSACTION = `declare const deps: { em(): { transactional<T>(work: (tx: { flush(): Promise<void> }) => Promise<T>): Promise<T> } };
export const probe = async () => deps.em().transactional(async (tx) => tx.flush());
`;
const ORM_HANDED_ON = `declare const deps: { em(): object };
declare const load: (em: object, id: string) => Promise<unknown>;
export const probe = async () => load(deps.em(), '1');
`;

const ORM_FORKED = `declare const deps: { orm: { em: { fork(): { transactional<T>(work: (em: object) => Promise<T>): Promise<T> } } } };
declare const claim: (em: object, limit: number) => Promise<unknown>;
export const probe = async () => deps.orm.em.fork().transactional(async (em) => claim(em, 500));
`;
// A query on an entity class, in code that may wire the ORM but not query through it.
const ENTITY_QUERY = `declare const em: { find(entity: object, where: object): Promise<unknown> };
declare class SilenceEntity {}
export const probe = async () => em.find(SilenceEntity, {});
`;
const FORK_HANDED_TO_ACCESS = `declare const deps: { orm: { em: { fork(): object } } };
declare const routingRulesInOrder: (em: object, organizationId: string) => Promise<unknown>;
export const probe = async () => routingRulesInOrder(deps.orm.em.fork(), 'o');
`;
// A store's methods share names with the ORM's: asking a store is what the rule wants.
const STORE_CALLS = `declare const deps: { teams(): { find(organizationId: string, id: string): Promise<unknown>; count(organizationId: string): Promise<number> } };
export const probe = async () => [await deps.teams().find('org', '1'), await deps.teams().count('org')];
`;
const SEARCH_INSIDE = `export { LOCAL_MODELS } from './search/embedding/local-models.ts';
`;

const cases: Array<{ file: string; text: string; refused: boolean }> = [
  { file: 'api/services/incident.service.ts', text: PG_QUERY, refused: true },
  { file: 'worker/outbox/relay.ts', text: PG_QUERY, refused: true },
  { file: 'activities/escalation.activities.ts', text: TAGGED, refused: true },
  { file: 'shared/paging/page-sender.ts', text: TAGGED, refused: true },
  { file: 'api/services/escalation-signals.ts', text: NOT_SQL, refused: false },
  { file: 'shared/db/access/pages.ts', text: PG_QUERY, refused: false },
  { file: 'api/services/incident.service.ts', text: RAW_STATEMENT, refused: true },
  { file: 'api/services/log.service.ts', text: RAW_FRAGMENT, refused: true },
  { file: 'worker/outbox/relay.ts', text: RAW_STATEMENT, refused: true },
  { file: 'activities/escalation.activities.ts', text: RAW_STATEMENT, refused: true },
  { file: 'activities/alert-bucket.activities.ts', text: RAW_FRAGMENT, refused: true },
  { file: 'shared/paging/page-sender.ts', text: RAW_STATEMENT, refused: true },
  { file: 'shared/db/routing-rules-cache.ts', text: RAW_STATEMENT, refused: true },
  { file: 'shared/db/access/pages.ts', text: RAW_STATEMENT, refused: false },
  { file: 'shared/db/access/logs.ts', text: RAW_FRAGMENT, refused: false },
  { file: 'shared/search/engine/postgres-index.ts', text: RAW_STATEMENT, refused: false },
];

// Services, activities, search, the outbox relay, the mailer and paging ask stores; stores (and files not yet converted) hold the ORM.
const ormCases = [
  { file: 'api/services/contact-method.service.ts', text: ORM_IMPORT, refused: true },
  { file: 'api/services/sso/sso-connection.service.ts', text: ORM_QUERY, refused: true },
  { file: 'api/services/team.service.ts', text: ORM_TRANSACTION, refused: true },
  { file: 'api/services/heartbeat.service.ts', text: ORM_IMPORT, refused: true },
  { file: 'activities/escalation-level.ts', text: ORM_QUERY, refused: true },
  { file: 'activities/delivery.activities.ts', text: ORM_TRANSACTION, refused: true },
  { file: 'shared/search/indexing/index-document.ts', text: ORM_IMPORT, refused: true },
  { file: 'shared/search/query/error-log.ts', text: ORM_HANDED_ON, refused: true },
  { file: 'api/services/billing.service.ts', text: ORM_HANDED_ON, refused: true },
  { file: 'worker/outbox/relay.ts', text: ORM_FORKED, refused: true },
  { file: 'worker/outbox/notification-rules.ts', text: ORM_IMPORT, refused: true },
  { file: 'worker/outbox/routing.ts', text: ORM_HANDED_ON, refused: true },
  { file: 'shared/mail/mailer.ts', text: ORM_QUERY, refused: true },
  { file: 'shared/db/access/relay-batch.ts', text: ORM_FORKED, refused: false },
  { file: 'api/services/contact-method.service.ts', text: STORE_CALLS, refused: false },
  { file: 'shared/db/access/contact-methods.ts', text: ORM_QUERY, refused: false },
  { file: 'shared/db/access/teams.ts', text: ORM_IMPORT, refused: false },
  { file: 'shared/search/engine/postgres-index.ts', text: ORM_IMPORT, refused: false },
  { file: 'api/services/incident.service.ts', text: ORM_QUERY, refused: true },
  { file: 'api/services/schedule.service.ts', text: ORM_QUERY, refused: true },
  // Elsewhere outside the stores (composition roots, caches, middleware): a fork handed to a store, no query on an entity.
  { file: 'shared/db/mute-rules-cache.ts', text: ENTITY_QUERY, refused: true },
  { file: 'api/realtime.ts', text: ENTITY_QUERY, refused: true },
  { file: 'worker/deps.ts', text: ENTITY_QUERY, refused: true },
  { file: 'shared/db/routing-rules-cache.ts', text: FORK_HANDED_TO_ACCESS, refused: false },
  { file: 'worker/deps.ts', text: FORK_HANDED_TO_ACCESS, refused: false },
  { file: 'shared/db/access/silences.ts', text: ENTITY_QUERY, refused: false },
  { file: 'shared/paging/page-updater.ts', text: ORM_FORKED, refused: true },
  { file: 'shared/paging/channels/slack.ts', text: ORM_IMPORT, refused: true },
  { file: 'shared/paging/page-sender.ts', text: ORM_FORKED, refused: true },
  { file: 'api/services/sso/sso-login.service.ts', text: ORM_TRANSACTION, refused: true },
];

// shared/ below search reaches it through its port only; shared/search/ imports its own modules.
const searchCases = [
  { file: 'shared/config.ts', text: SEARCH_INSIDE, refused: true },
  { file: 'shared/search/create-search.ts', text: SEARCH_INSIDE.replace('./search/', './'), refused: false },
];

// One ESLint process lints every case. The rules checked here read syntax only, so the cases are
// linted without the TypeScript project: a type-aware lint builds a program for each replaced file.
const LINT = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});
const out = [];
for (const { file, text } of cases) {
  const [result] = await eslint.lintText(text, { filePath: file });
  out.push(
    result.messages
      .filter((m) => m.fatal || m.ruleId === 'no-restricted-syntax' || m.ruleId === '@typescript-eslint/no-restricted-imports')
      .map((m) => (m.fatal ? 'FATAL ' : '') + m.message),
  );
}
process.stdout.write(JSON.stringify(out));
`;

describe('lint: SQL lives in shared/db/access', () => {
  let messages: string[][];
  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', LINT, JSON.stringify([...cases, ...searchCases, ...ormCases])],
      {
        cwd: root,
        maxBuffer: 1 << 20,
      },
    );
    messages = JSON.parse(stdout) as string[][];
  }, 120_000);

  it.each(searchCases.map((item, index) => ({ ...item, index: cases.length + index })))(
    'search behind its port, $file: refused $refused',
    ({ index, refused }) => {
      const found = (messages[index] ?? []).filter((message) => message.includes('Search is one module behind one port'));
      if (refused) expect(found.length).toBeGreaterThan(0);
      else expect(found).toEqual([]);
    },
  );

  it.each(ormCases.map((item, index) => ({ ...item, index: cases.length + searchCases.length + index })))(
    'queries behind stores, $file: refused $refused',
    ({ index, refused }) => {
      const linted = messages[index] ?? [];
      expect(linted.filter((message) => message.startsWith('FATAL'))).toEqual([]);
      const found = linted.filter((message) => message.includes('Queries live in a store'));
      if (refused) expect(found.length).toBeGreaterThan(0);
      else expect(found).toEqual([]);
    },
  );

  it.each(cases.map((item, index) => ({ ...item, index })))('$file: refused $refused', ({ index, refused }) => {
    const linted = messages[index] ?? [];
    expect(linted.filter((message) => message.startsWith('FATAL'))).toEqual([]);
    const found = linted.filter((message) => message.includes('shared/db/access/<aggregate>.ts'));
    if (refused) expect(found.length).toBeGreaterThan(0);
    else expect(found).toEqual([]);
  });
});
