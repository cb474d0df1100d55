import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';
import { builtinModules } from 'node:module';

const RAW_SQL = [
  {
    // A pg client's (or pool's) query: its statement is a string or template literal.
    selector: 'CallExpression[callee.property.name="query"][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
    message: 'Raw SQL lives in shared/db/access/<aggregate>.ts; call its typed function or store.',
  },
  {
    selector: 'TaggedTemplateExpression[tag.name=/^(sql|raw|query)$/], TaggedTemplateExpression[tag.property.name=/^(sql|raw|query)$/]',
    message: 'SQL fragments live in shared/db/access/<aggregate>.ts; call its typed function or store.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^(execute|getConnection|getKnex|raw)$/]',
    message: 'Raw SQL lives in shared/db/access/<aggregate>.ts; call its typed function or store.',
  },
  {
    selector: 'CallExpression[callee.name=/^(raw|sql)$/]',
    message: 'SQL fragments live in shared/db/access/<aggregate>.ts; call its typed function or store.',
  },
];

const ORM_MESSAGE = 'Queries live in a store (shared/db/access/<aggregate>.ts) handed in through the dependencies; no EntityManager here.';
const ORM_OUTSIDE_STORES = [
  // The unit of work's type, however it is imported or named.
  { selector: 'ImportSpecifier[imported.name=/^(EntityManager|EntityRepository|SqlEntityManager)$/]', message: ORM_MESSAGE },
  { selector: 'TSQualifiedName[right.name=/^(EntityManager|EntityRepository|SqlEntityManager)$/]', message: ORM_MESSAGE },
  // Any call on it: em.find(…), tx.flush(), em().findOne(…), deps.em().count(…), deps.orm.em.fork().
  { selector: 'CallExpression[callee.type="MemberExpression"][callee.object.name=/^(em|tx)$/]', message: ORM_MESSAGE },
  { selector: 'CallExpression[callee.type="MemberExpression"][callee.object.callee.name="em"]', message: ORM_MESSAGE },
  { selector: 'CallExpression[callee.type="MemberExpression"][callee.object.callee.property.name="em"]', message: ORM_MESSAGE },
  { selector: 'CallExpression[callee.type="MemberExpression"][callee.object.property.name="em"]', message: ORM_MESSAGE },
  // Taking one to hand to something else: em(), deps.em().
  { selector: 'CallExpression[callee.name="em"], CallExpression[callee.property.name="em"]', message: ORM_MESSAGE },
];

// A query on an entity class, wherever the unit of work came from: outside the stores, code that wires
// the ORM (composition roots, caches, middleware) hands its fork to a store or access function instead.
const ENTITY_QUERIES = [
  {
    selector:
      'CallExpression[callee.property.name=/^(find|findOne|findOneOrFail|findAll|findAndCount|count|nativeUpdate|nativeDelete|insert|insertMany|upsert|upsertMany)$/][arguments.0.name=/Entity$/]',
    message: ORM_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'data/',
      'coverage/',
      '.scratch/',
      '.helper-dist/',
      'clients/python/',
      'clients/go/',
      'clients/typescript/schema.d.ts',
      'console/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // Regular expressions run on attacker-chosen text (webhook bodies, pasted logs, headers) on the API's
  // event loop: super-linear backtracking is a denial of service for every tenant, so it is an error.
  // The plugin's correctness rules come along; its pure style preferences stay off.
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/prefer-w': 'off',
      'regexp/use-ignore-case': 'off',
      'regexp/no-unused-capturing-group': 'off',
    },
  },
  {
    // Workflows must stay deterministic: no Node built-ins, no I/O modules, activities as types only.
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: builtinModules
            .flatMap((name) => [name, `node:${name}`])
            .map((name) => ({ name, message: 'Workflows are deterministic: no Node built-ins.' })),
          patterns: [
            {
              group: [
                '**/shared/db/**',
                '**/shared/search/**',
                '**/shared/realtime/**',
                '**/shared/temporal/**',
                '**/api/**',
                '**/worker/**',
                '**/dev/**',
              ],
              message: 'Workflows import only shared/domain and activity types.',
            },
            {
              group: ['**/activities/**'],
              allowTypeImports: true,
              message: 'Workflows import activity types only, through proxyActivities.',
            },
          ],
        },
      ],
    },
  },
  {
    // A promise nobody awaits loses its rejection (an unhandled rejection ends the process) and its
    // ordering. Type-aware, so these files are linted with the TypeScript project (projectService).
    files: [
      'api/**/*.ts',
      'worker/**/*.ts',
      'activities/**/*.ts',
      'workflows/**/*.ts',
      'shared/**/*.ts',
      'dev/**/*.ts',
      'bench/**/*.ts',
      'test/**/*.ts',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // The production runtime (what the image copies) never imports development tooling: dev/ is
    // not in the image, and what it starts (embedded PostgreSQL, a Temporal dev server) must not
    // creep into a process that runs against configured services. Workflows: in the rule above.
    files: ['api/**/*.ts', 'activities/**/*.ts', 'worker/**/*.ts', 'shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/dev/**'],
              message: 'Production code does not import dev/ (development tooling); move what both need into shared/.',
            },
            {
              group: ['**/shared/search/**', '!**/shared/search/port.ts', '!**/shared/search/create-search.ts'],
              message: 'Search is one module behind one port: import shared/search/port.ts and its factory create-search.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers: api and worker over activities over shared. A lower layer never imports a higher one
    // (this repeats the dev/ rule above, which it replaces for these files).
    files: ['activities/**/*.ts', 'shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/dev/**'],
              message: 'Production code does not import dev/ (development tooling); move what both need into shared/.',
            },
            {
              group: ['**/api/**', '**/worker/**'],
              message: 'activities/ and shared/ sit below api/ and worker/: move what both need into shared/.',
            },
            {
              group: ['**/shared/search/**', '!**/shared/search/port.ts', '!**/shared/search/create-search.ts'],
              message: 'Search is one module behind one port: import shared/search/port.ts and its factory create-search.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // A later block's rule replaces an earlier one's for the same files: each block below repeats
    // every pattern that still applies to its files. shared/search/ imports its own modules.
    files: ['shared/**/*.ts'],
    ignores: ['shared/search/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/dev/**'],
              message: 'Production code does not import dev/ (development tooling); move what both need into shared/.',
            },
            {
              group: ['**/api/**', '**/worker/**', '**/activities/**'],
              message: 'shared/ is the bottom layer: it imports nothing from api/, worker/ or activities/.',
            },
            {
              group: ['**/search/**', '!**/search/port.ts', '!**/search/create-search.ts'],
              message: 'Search is one module behind one port: import shared/search/port.ts and its factory create-search.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/search/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/dev/**'],
              message: 'Production code does not import dev/ (development tooling); move what both need into shared/.',
            },
            {
              group: ['**/api/**', '**/worker/**', '**/activities/**'],
              message: 'shared/ is the bottom layer: it imports nothing from api/, worker/ or activities/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Configuration is parsed once at start and passed down.
    files: ['api/**/*.ts', 'activities/**/*.ts', 'workflows/**/*.ts', 'worker/**/*.ts', 'shared/**/*.ts'],
    // free-port.ts reads JEST_WORKER_ID alone (the slice of ports a test worker's processes draw from), no configuration.
    ignores: ['shared/load-config.ts', 'shared/net/free-port.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from the Config passed in (shared/config.ts).' },
      ],
    },
  },
  {
    // SQL lives in shared/db/access/ (typed modules per aggregate): routes, services, activities and the
    // worker call its functions or use entities for the unit of work. The Postgres search engine owns its
    // statements; migrations and the connection setup (the migration lock, LISTEN) are the database layer itself.
    files: ['api/**/*.ts', 'worker/**/*.ts', 'activities/**/*.ts', 'shared/**/*.ts'],
    ignores: ['shared/db/access/**', 'shared/db/migrations/**', 'shared/search/engine/**', 'shared/db/orm.ts', 'shared/db/pg-listener.ts'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_SQL, ...ENTITY_QUERIES] },
  },
  {
    // Services, activities, search, the outbox relay, the mailer and paging ask a store (shared/db/access/<aggregate>.ts)
    // for what they need and never see the query or the unit of work. The rule repeats RAW_SQL: it replaces the block above here.
    files: [
      'api/services/**/*.ts',
      'activities/**/*.ts',
      'shared/search/**/*.ts',
      'worker/outbox/**/*.ts',
      'shared/mail/**/*.ts',
      'shared/paging/**/*.ts',
    ],
    ignores: ['shared/search/engine/**'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_SQL, ...ORM_OUTSIDE_STORES, ...ENTITY_QUERIES] },
  },
  {
    // The console runs in the browser (its build scripts and Vite config stay Node files).
    files: ['console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
