import type { EnvVariable } from './config.ts';

/** The sections of the configuration reference, in the order it lists them. */
export const CONFIG_GROUPS = [
  'Service',
  'Stores and Temporal',
  'Secrets and sessions',
  'Search',
  'Mail',
  'Network and outbound calls',
  'Webhooks',
  'Rate limits and quotas',
  'Page channels',
  'Billing',
  'Slack',
  'Assistant',
  'Single sign-on',
  'Observability',
  'Development and tests',
] as const;

export interface VariableDoc {
  group: (typeof CONFIG_GROUPS)[number];
  /** What happens while the variable is unset, when the schema's default does not say it. */
  unset?: string;
  meaning: string;
}

/**
 * What each environment variable means, for operators; typed over the schema's keys, so a variable
 * added to shared/config.ts without an entry here fails the typecheck. `npm run docs:config`
 * renders it with the schema's defaults into docs/operator-guide/configuration.md.
 */
export const CONFIG_REFERENCE: Record<EnvVariable, VariableDoc> = {
  NODE_ENV: {
    group: 'Service',
    meaning: '`production` requires `JWT_SECRET`, `ENCRYPTION_KEY`, `DATABASE_URL` and `TEMPORAL_ADDRESS`, and refuses test-only switches',
  },
  HOST: { group: 'Service', meaning: 'the address the API (and the worker’s health server) listens on' },
  PORT: { group: 'Service', meaning: 'the API’s port' },
  PUBLIC_URL: {
    group: 'Service',
    unset: '`http://localhost:$PORT`',
    meaning: 'the address browsers and mail readers reach the API at: webhook URLs, links in mails, SSO redirect URIs',
  },
  DATA_DIR: { group: 'Service', meaning: 'where the embedded PostgreSQL, the dev server’s SQLite and the development secrets live' },
  HELPER_DIST_DIR: {
    group: 'Service',
    meaning: 'where `npm run helper:build` writes the `tocsin` executables that `GET /helper/download` serves',
  },
  DATABASE_URL: { group: 'Stores and Temporal', unset: 'the embedded PostgreSQL in `$DATA_DIR/postgres`', meaning: 'any PostgreSQL 14+' },
  DATABASE_POOL_MAX: { group: 'Stores and Temporal', meaning: 'connections per process' },
  DATABASE_ACQUIRE_TIMEOUT_MS: {
    group: 'Stores and Temporal',
    meaning: 'how long a query waits for a pooled connection before failing (the API answers 503)',
  },
  TEMPORAL_ADDRESS: {
    group: 'Stores and Temporal',
    unset: 'the local Temporal dev server (SQLite in `$DATA_DIR`)',
    meaning: 'a Temporal cluster or Temporal Cloud, `host:port`',
  },
  TEMPORAL_NAMESPACE: { group: 'Stores and Temporal', meaning: 'the Temporal namespace' },
  TEMPORAL_TASK_QUEUE: { group: 'Stores and Temporal', meaning: 'the task queue the worker polls' },
  TEMPORAL_CLI_PATH: {
    group: 'Stores and Temporal',
    unset: 'found on `PATH` or in the tool cache',
    meaning: 'the Temporal CLI that runs the local dev server',
  },
  TEMPORAL_UI_PORT: { group: 'Stores and Temporal', meaning: 'the local dev server’s UI port' },
  TEMPORAL_UI_URL: {
    group: 'Stores and Temporal',
    unset: '`http://localhost:$TEMPORAL_UI_PORT`',
    meaning: 'where the console links workflows (`<url>/namespaces/<ns>/workflows/<id>`)',
  },
  ELASTICSEARCH_URL: {
    group: 'Search',
    unset: 'search runs on PostgreSQL (pgvector’s HNSW index when installed)',
    meaning: 'Elasticsearch 8.x',
  },
  SEARCH_INDEX_PREFIX: { group: 'Search', meaning: 'Elasticsearch index and alias prefix' },
  EMBEDDINGS_URL: {
    group: 'Search',
    unset: 'the local model `LOCAL_EMBEDDINGS_MODEL`, in-process',
    meaning: 'an OpenAI-compatible embeddings endpoint (OpenAI, Ollama, text-embeddings-inference)',
  },
  EMBEDDINGS_MODEL: { group: 'Search', meaning: 'the model asked of `EMBEDDINGS_URL`' },
  EMBEDDINGS_DIMENSIONS: { group: 'Search', meaning: 'the dimensions `EMBEDDINGS_MODEL` returns' },
  EMBEDDINGS_API_KEY: { group: 'Search', meaning: 'bearer token for `EMBEDDINGS_URL`' },
  LOCAL_EMBEDDINGS_MODEL: {
    group: 'Search',
    meaning: 'the local model (`npm run model:install`); after a change, `npm run search:reindex`',
  },
  FOLLOW_UP_CONCURRENCY: {
    group: 'Search',
    meaning:
      'follow-up batches (indexing, embedding, incident analysis) one worker process runs at once, on the `<TEMPORAL_TASK_QUEUE>-follow-up` queue with slots of its own; `0` polls none there (another worker process serves it)',
  },
  WORKER_ROLE: {
    group: 'Search',
    meaning:
      '`all`: a worker process serves every queue and runs the outbox relay; `follow-up`: it serves only the follow-up queue (with `FOLLOW_UP_CONCURRENCY` slots) and runs no relay, so search can be given cores or machines of its own beside workers with `FOLLOW_UP_CONCURRENCY=0`',
  },
  JWT_SECRET: {
    group: 'Secrets and sessions',
    unset: 'generated once into `$DATA_DIR` (development only)',
    meaning: 'signs access and refresh tokens; at least 32 characters, required in production',
  },
  ENCRYPTION_KEY: {
    group: 'Secrets and sessions',
    unset: 'generated once into `$DATA_DIR` (development only)',
    meaning: 'encrypts stored secrets (integration secrets, SSO client secrets); at least 32 characters, required in production',
  },
  ACCESS_TOKEN_TTL_SECONDS: { group: 'Secrets and sessions', meaning: 'access token lifetime' },
  REFRESH_TOKEN_TTL_SECONDS: { group: 'Secrets and sessions', meaning: 'refresh token lifetime' },
  LOGIN_MAX_FAILURES: {
    group: 'Secrets and sessions',
    meaning: 'failed logins within `LOGIN_FAILURE_WINDOW_SECONDS` that lock an account for `LOGIN_LOCK_SECONDS`',
  },
  LOGIN_FAILURE_WINDOW_SECONDS: { group: 'Secrets and sessions', meaning: 'the lockout’s counting window' },
  LOGIN_LOCK_SECONDS: { group: 'Secrets and sessions', meaning: 'how long a locked account stays locked' },
  LOGIN_ADDRESS_MAX_FAILURES: {
    group: 'Secrets and sessions',
    meaning:
      'failed logins from one client address (IPv4, or an IPv6 /64) across accounts within `LOGIN_ADDRESS_WINDOW_SECONDS`; then 429 until the window ends',
  },
  LOGIN_ADDRESS_WINDOW_SECONDS: { group: 'Secrets and sessions', meaning: 'the per-address throttle’s counting window' },
  SMTP_URL: {
    group: 'Mail',
    unset: 'mails are stored in the `outbox_messages` table and logged',
    meaning:
      'an SMTP server (`smtp://` or `smtps://`); each worker keeps up to 16 connections to it open for pages, the API connects per mail',
  },
  MAIL_FROM: { group: 'Mail', meaning: 'the sender of every mail' },
  TRUST_PROXY_HOPS: {
    group: 'Network and outbound calls',
    meaning:
      'reverse proxies in front of the API whose `X-Forwarded-For`/`-Proto`/`-Host` are believed; 0 ignores them. Set it only when every request passes through those proxies',
  },
  CORS_ORIGINS: { group: 'Network and outbound calls', meaning: 'comma-separated origins allowed to call the API from a browser' },
  OUTBOUND_ALLOW_PRIVATE: {
    group: 'Network and outbound calls',
    meaning:
      '`true` lets outbound calls (webhooks, runbook http steps, OIDC identity providers) reach loopback and private addresses (development, tests)',
  },
  OUTBOUND_ALLOWED_HOSTS: {
    group: 'Network and outbound calls',
    unset: 'any host the address checks admit',
    meaning:
      'egress allowlist for outbound webhooks, runbook http steps and OIDC identity providers (discovery, keys, tokens): host names, `*.example.com` for subdomains',
  },
  WEBHOOK_MAX_BODY_BYTES: { group: 'Webhooks', meaning: 'larger webhook bodies answer 413' },
  WEBHOOK_DEDUP_WINDOW_SECONDS: {
    group: 'Webhooks',
    meaning: 'a copy of a delivery (same integration, body and `Idempotency-Key`) within this window is a sender’s retry and counts once',
  },
  WEBHOOK_MAX_ALERTS_PER_PAYLOAD: { group: 'Webhooks', meaning: 'more alerts in one payload answer 413, naming the cap' },
  WEBHOOK_STALE_INTEGRATION_SECONDS: {
    group: 'Webhooks',
    meaning: 'while PostgreSQL is unreachable, webhooks authenticate against integrations loaded this recently',
  },
  RATE_LIMIT_INTERACTIVE_PER_HOUR: {
    group: 'Rate limits and quotas',
    unset: 'the organization’s plan',
    meaning: 'requests per user and hour, for every plan',
  },
  RATE_LIMIT_API_KEY_PER_HOUR: {
    group: 'Rate limits and quotas',
    unset: 'the organization’s plan',
    meaning: 'requests per API key and hour',
  },
  RATE_LIMIT_WEBHOOK_PER_HOUR: {
    group: 'Rate limits and quotas',
    unset: 'the organization’s plan',
    meaning: 'alerts (not requests) per integration and hour',
  },
  RATE_LIMIT_SEARCH_PER_HOUR: {
    group: 'Rate limits and quotas',
    unset: 'the organization’s plan',
    meaning: 'searches per caller and hour',
  },
  RATE_LIMIT_WEBHOOK_AUTH_FAILURES_PER_HOUR: {
    group: 'Rate limits and quotas',
    meaning: 'webhook requests failing authentication accepted per client address and hour; they never count against an integration',
  },
  PLAN_MEMBERS_LIMIT: {
    group: 'Rate limits and quotas',
    unset: 'the organization’s plan',
    meaning: 'members per organization, for every plan',
  },
  PLAN_INTEGRATIONS_LIMIT: {
    group: 'Rate limits and quotas',
    unset: 'the organization’s plan',
    meaning: 'integrations per organization, for every plan',
  },
  SLACK_API_URL: {
    group: 'Page channels',
    unset: 'Slack’s Web API (`https://slack.com/api/`)',
    meaning: 'where Slack pages and updates go, with the workspace’s bot token: a test double’s URL, never per organization',
  },
  TWILIO_API_URL: {
    group: 'Page channels',
    unset: 'Twilio’s API (`https://api.twilio.com`)',
    meaning: 'where SMS and voice pages go, with the organization’s Twilio credentials: a test double’s URL, never per organization',
  },
  NTFY_URL: {
    group: 'Page channels',
    unset: '`https://ntfy.sh`',
    meaning: 'the ntfy server of push contact methods and ntfy connections that name none of their own (a self-hosted ntfy)',
  },
  STRIPE_SECRET_KEY: { group: 'Billing', unset: 'checkout answers 409 `BILLING_NOT_CONFIGURED`', meaning: 'Stripe’s secret key' },
  STRIPE_WEBHOOK_SECRET: { group: 'Billing', meaning: 'verifies Stripe’s calls to `/billing/webhook`' },
  STRIPE_PRICE_TEAM: { group: 'Billing', meaning: 'the recurring price the `team` plan is sold at' },
  STRIPE_PRICE_ENTERPRISE: { group: 'Billing', meaning: 'the recurring price the `enterprise` plan is sold at' },
  STRIPE_API_BASE: { group: 'Billing', unset: 'Stripe', meaning: 'another Stripe API base (stripe-mock in tests)' },
  SLACK_CLIENT_ID: {
    group: 'Slack',
    unset: 'Slack cannot be connected (`GET /slack/install` answers 409 `CONFLICT`)',
    meaning: 'the Slack app’s Client ID (Basic Information → App Credentials)',
  },
  SLACK_CLIENT_SECRET: { group: 'Slack', meaning: 'the Slack app’s Client Secret, exchanged with Slack for each workspace’s bot token' },
  SLACK_SIGNING_SECRET: {
    group: 'Slack',
    unset: 'Slack interactions and slash commands are refused',
    meaning: 'the Slack app’s Signing Secret: verifies every button press and slash command (`X-Slack-Signature`)',
  },
  ASSISTANT_URL: {
    group: 'Assistant',
    unset: '`@assistant` messages answer 409 `ASSISTANT_NOT_CONFIGURED`',
    meaning: 'an OpenAI-compatible API base; `/chat/completions` is appended',
  },
  ASSISTANT_MODEL: { group: 'Assistant', meaning: 'the model asked of `ASSISTANT_URL`' },
  ASSISTANT_API_KEY: { group: 'Assistant', meaning: 'bearer token for `ASSISTANT_URL`' },
  ASSISTANT_REQUESTS_PER_HOUR: { group: 'Assistant', meaning: '`@assistant` questions per organization and clock hour; beyond it 429' },
  SSO_DNS_SERVERS: {
    group: 'Single sign-on',
    unset: 'the system’s resolvers',
    meaning:
      'DNS servers that check SSO domain verification records: comma-separated IPs with optional ports (`10.0.0.2`, `127.0.0.1:5353`, `[::1]:53`)',
  },
  SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS: {
    group: 'Single sign-on',
    meaning: 'admits OIDC issuers on plain `http://` at loopback addresses, for a local test provider; refused in production',
  },
  WORKER_HEALTH_PORT: {
    group: 'Observability',
    unset: 'no health server in the worker',
    meaning:
      'the worker serves `/healthz`, `/readyz` (503 naming the failing checks) and `/metrics` at this port on `WORKER_HEALTH_HOST` (0: any free port, logged)',
  },
  WORKER_HEALTH_HOST: {
    group: 'Observability',
    meaning: 'the address the worker’s health server listens on (`0.0.0.0` for an orchestrator’s probes)',
  },
  API_METRICS_PORT: {
    group: 'Observability',
    unset: '`/metrics` on the API’s own port',
    meaning: 'the API serves `/metrics` only on this port (on `HOST`), so a proxy in front of `PORT` never exposes it',
  },
  METRICS_TOKEN: {
    group: 'Observability',
    unset: '`/metrics` is open; required in production',
    meaning: '`/metrics` of the API and the worker requires `Authorization: Bearer <METRICS_TOKEN>`; at least 16 characters',
  },
  TEMPORAL_METRICS_PORT: {
    group: 'Observability',
    unset: 'a free loopback port',
    meaning: 'where the Temporal SDK’s core serves its metrics (on 127.0.0.1; merged into the worker’s `/metrics`)',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    group: 'Observability',
    unset: 'no tracing',
    meaning: 'traces over OTLP/HTTP to this collector, e.g. `http://otel-collector:4318`',
  },
  OTEL_SERVICE_NAME: { group: 'Observability', unset: '`tocsin-api`, `tocsin-worker`', meaning: 'the traces’ service name' },
  LOG_LEVEL: { group: 'Observability', meaning: 'pino’s levels' },
  TOCSIN_TOOL_CACHE: {
    group: 'Development and tests',
    unset: '`$XDG_CACHE_HOME/tocsin`, else `~/.cache/tocsin`',
    meaning: 'where downloaded and built tools live (Temporal CLI, Elasticsearch, pgvector, the local models)',
  },
  AUDIT_RETENTION_MIN_DAYS: {
    group: 'Service',
    meaning: 'days audit events are kept at least, whatever an organization’s `retention_days` says',
  },
  XDG_CACHE_HOME: { group: 'Development and tests', meaning: 'the base of the tool cache when `TOCSIN_TOOL_CACHE` is unset' },
  RESPONSE_CONTRACT_CHECK: {
    group: 'Development and tests',
    meaning: 'every JSON answer is checked against its route’s declared schema, a mismatch becoming a 500; refused in production',
  },
};
