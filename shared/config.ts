import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_AUDIT_RETENTION_MIN_DAYS } from './domain/organization-settings.ts';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODEL_IDS } from './search/port.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A comma-separated list, items trimmed, empty ones dropped; `unset` when the variable is unset or empty. */
const commaList = <Unset extends string[] | undefined>(unset: Unset) =>
  z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : unset,
    );

const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .url()
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      message: `must use ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .optional();

const secret = z.string().min(32, 'must be at least 32 characters');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Where browsers and mail readers reach the API; kept without a trailing slash (see publicUrl).
    PUBLIC_URL: optionalUrl(['http', 'https']).transform((value) => value && withoutTrailingSlashes(value)),
    // The worker's own /healthz, /readyz and /metrics, on WORKER_HEALTH_HOST (loopback unless an
    // orchestrator's probes or a scraper must reach it); unset port: none, 0: any free port.
    WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    WORKER_HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
    // The API's /metrics on a listener of its own (on HOST) instead of the main port, so a proxy or
    // ingress in front of the main port never exposes it; unset: on the main port.
    API_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    // Observability: GET /metrics of the API and the worker requires `Authorization: Bearer <METRICS_TOKEN>`
    // when set (always set in production);
    // the worker merges the Temporal SDK's Prometheus metrics (served by its core on 127.0.0.1 at
    // TEMPORAL_METRICS_PORT, unset: a free port) into its /metrics; traces go over OTLP/HTTP to
    // OTEL_EXPORTER_OTLP_ENDPOINT when set (no tracing SDK runs otherwise).
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    TEMPORAL_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http', 'https']),
    OTEL_SERVICE_NAME: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // A query waiting longer than this for a pool connection fails (503) instead of hanging.
    DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    TEMPORAL_ADDRESS: z
      .string()
      .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')
      .optional(),
    TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
    TEMPORAL_TASK_QUEUE: z.string().min(1).default('tocsin'),
    TEMPORAL_CLI_PATH: z.string().min(1).optional(),
    // Downloaded and built tools (the local embedding model, the Temporal CLI, Elasticsearch): see toolCacheDir.
    TOCSIN_TOOL_CACHE: z.string().min(1).optional(),
    XDG_CACHE_HOME: z.string().min(1).optional(),
    TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
    // Where the console links workflows (`<url>/namespaces/<ns>/workflows/<id>`); default: the dev server's UI on TEMPORAL_UI_PORT.
    TEMPORAL_UI_URL: optionalUrl(['http', 'https']),
    ELASTICSEARCH_URL: optionalUrl(['http', 'https']),
    // Search: the index name prefix (versioned indices behind an alias), and the embedding provider.
    // Without EMBEDDINGS_URL the local model LOCAL_EMBEDDINGS_MODEL (npm run model:install) runs in-process;
    // changing it needs `npm run search:reindex` (docs/benchmarks.md compares the models).
    SEARCH_INDEX_PREFIX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lowercase letters, digits, - and _')
      .default('tocsin'),
    EMBEDDINGS_URL: optionalUrl(['http', 'https']),
    EMBEDDINGS_MODEL: z.string().min(1).default('text-embedding-3-small'),
    EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(8).max(4096).default(1536),
    EMBEDDINGS_API_KEY: z.string().min(1).optional(),
    LOCAL_EMBEDDINGS_MODEL: z.enum(LOCAL_MODEL_IDS).default(DEFAULT_LOCAL_MODEL),
    // Follow-up (indexing, embedding, analysis) batches a worker process runs at once on its own
    // queue; 0 polls none there (another worker process serves it). docs/operator-guide/running.md.
    FOLLOW_UP_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
    // `follow-up`: this worker process serves the follow-up queue only and runs no relay (another
    // process with FOLLOW_UP_CONCURRENCY=0 runs the rest). docs/operator-guide/running.md.
    WORKER_ROLE: z.enum(['all', 'follow-up']).default('all'),
    JWT_SECRET: secret.optional(),
    ENCRYPTION_KEY: secret.optional(),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().min(3).default('Tocsin <no-reply@tocsin.invalid>'),
    // Reverse proxies in front of the API whose X-Forwarded-For/-Proto/-Host are believed: 0 ignores
    // those headers (anyone could write them); n takes the client address n hops from the end.
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    CORS_ORIGINS: commaList<string[]>([]),
    // Audit events are kept at least this many days whatever an organization's retention_days says,
    // so whoever administers an organization cannot erase its trail.
    AUDIT_RETENTION_MIN_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_AUDIT_RETENTION_MIN_DAYS),
    OUTBOUND_ALLOW_PRIVATE: booleanFlag.default(false),
    // Egress allowlist for outbound webhooks, runbook http steps and OIDC identity providers
    // (discovery, keys, tokens): comma-separated host names
    // (`*.example.com` for subdomains). Unset: any host the address checks admit.
    OUTBOUND_ALLOWED_HOSTS: commaList(undefined),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(7 * 24 * 3600),
    // Lockout: LOGIN_MAX_FAILURES failed logins within LOGIN_FAILURE_WINDOW_SECONDS lock the account
    // for LOGIN_LOCK_SECONDS (the contract's 5 in 15 minutes, for 15 minutes).
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
    // Across accounts: LOGIN_ADDRESS_MAX_FAILURES failed logins from one client address (IPv4, or
    // IPv6 /64) within LOGIN_ADDRESS_WINDOW_SECONDS refuse its logins (429) until the window ends.
    LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
    LOGIN_ADDRESS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    WEBHOOK_MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    // A copy of a delivery (same integration, body and Idempotency-Key) received within this many
    // seconds of the first is a sender's retry and counts once (docs/ingestion.md).
    WEBHOOK_DEDUP_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    WEBHOOK_MAX_ALERTS_PER_PAYLOAD: z.coerce.number().int().min(1).max(100_000).default(1000),
    // While PostgreSQL is unreachable, webhooks authenticate against integrations loaded within this long.
    WEBHOOK_STALE_INTEGRATION_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
    // Where `npm run helper:build` puts the tocsin CLI executables that GET /helper/download serves.
    HELPER_DIST_DIR: z.string().min(1).default('./.helper-dist'),
    // Per-hour rate limits come from the organization's plan (shared/domain/plans.ts); these
    // replace one class's number for every plan (small values in tests, a private deployment).
    RATE_LIMIT_INTERACTIVE_PER_HOUR: z.coerce.number().int().min(1).optional(),
    RATE_LIMIT_API_KEY_PER_HOUR: z.coerce.number().int().min(1).optional(),
    RATE_LIMIT_WEBHOOK_PER_HOUR: z.coerce.number().int().min(1).optional(),
    RATE_LIMIT_SEARCH_PER_HOUR: z.coerce.number().int().min(1).optional(),
    // Members and integrations per organization come from its plan (shared/domain/billing.ts);
    // these replace the quota for every plan (tests, a private deployment).
    PLAN_MEMBERS_LIMIT: z.coerce.number().int().min(1).optional(),
    PLAN_INTEGRATIONS_LIMIT: z.coerce.number().int().min(1).optional(),
    // Webhook requests whose signature (or integration) does not check out, per client IP: they
    // never count against an integration, so junk cannot silence a victim's real alerts.
    RATE_LIMIT_WEBHOOK_AUTH_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(100),
    // Billing through Stripe: without STRIPE_SECRET_KEY checkout answers 409 BILLING_NOT_CONFIGURED.
    // STRIPE_PRICE_<PLAN> is the recurring price a plan is sold at; STRIPE_API_BASE points the
    // client elsewhere (stripe-mock in tests).
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_TEAM: z.string().min(1).optional(),
    STRIPE_PRICE_ENTERPRISE: z.string().min(1).optional(),
    STRIPE_API_BASE: optionalUrl(['http', 'https']),
    // The Slack app (docs/user-guide/channels/slack.md): its OAuth client for "Connect Slack", and the
    // signing secret that verifies interactions and slash commands. Unset: Slack cannot be connected.
    SLACK_CLIENT_ID: z.string().min(1).optional(),
    SLACK_CLIENT_SECRET: z.string().min(1).optional(),
    SLACK_SIGNING_SECRET: z.string().min(1).optional(),
    // Vendor APIs pages go through, by default the vendors' own: changed only to point at a test
    // double or a self-hosted server, never per organization (tokens are sent to these hosts).
    // NTFY_URL is the ntfy server of push contact methods and connections that name none.
    SLACK_API_URL: optionalUrl(['http', 'https']),
    TWILIO_API_URL: optionalUrl(['http', 'https']),
    NTFY_URL: optionalUrl(['http', 'https']),
    // The incident chat assistant: an OpenAI-compatible chat-completions endpoint (the base URL,
    // `/chat/completions` is appended). Unset: `@assistant` messages answer 409 ASSISTANT_NOT_CONFIGURED.
    ASSISTANT_URL: optionalUrl(['http', 'https']),
    ASSISTANT_MODEL: z.string().min(1).default('gpt-4o-mini'),
    ASSISTANT_API_KEY: z.string().min(1).optional(),
    // `@assistant` questions per organization per clock hour (the operator pays for the model);
    // beyond it the question is refused with 429 and nothing is stored.
    ASSISTANT_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    // OIDC issuers on plain http:// are refused; this admits loopback ones (127.0.0.1, ::1, localhost)
    // for a local test identity provider. Never in production.
    SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS: booleanFlag.default(false),
    // DNS servers that check SSO domain verification records (TXT _tocsin-challenge.<domain>):
    // comma-separated addresses, each an IP with an optional port (`10.0.0.2`, `127.0.0.1:5353`,
    // `[::1]:53`). Unset: the system's resolvers.
    SSO_DNS_SERVERS: commaList<string[]>([]).refine(
      (servers) =>
        servers.every((server) => /^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[\da-fA-F:]+\](?::\d{1,5})?|[\da-fA-F:]+)$/.test(server)),
      'must be IP addresses with optional ports, comma-separated',
    ),
    // Tests: every JSON answer is checked against the schema its route declares; a mismatch becomes
    // a 500 (api/middleware/response-contract.ts). Never in production.
    RESPONSE_CONTRACT_CHECK: booleanFlag.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.WORKER_ROLE === 'follow-up' && env.FOLLOW_UP_CONCURRENCY === 0)
      ctx.addIssue({ code: 'custom', path: ['FOLLOW_UP_CONCURRENCY'], message: 'must be at least 1 when WORKER_ROLE is follow-up' });
    // Development may generate its own secrets; production must never run on a default one.
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['JWT_SECRET', 'ENCRYPTION_KEY', 'DATABASE_URL', 'TEMPORAL_ADDRESS'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    if (!env.METRICS_TOKEN)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: 'is required in production: GET /metrics of the API and the worker answers only `Authorization: Bearer <METRICS_TOKEN>`',
      });
    if (env.SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS)
      ctx.addIssue({ code: 'custom', path: ['SSO_ALLOW_INSECURE_LOOPBACK_ISSUERS'], message: 'must not be set in production' });
    if (env.RESPONSE_CONTRACT_CHECK)
      ctx.addIssue({ code: 'custom', path: ['RESPONSE_CONTRACT_CHECK'], message: 'must not be set in production' });
  })
  // Values derived from several variables, resolved here once so no caller normalizes them again.
  .transform((env) => ({
    ...env,
    /** The base of every absolute link (mails, webhook URLs, SSO): PUBLIC_URL, else this host's port, no trailing slash. */
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /** The tool cache: TOCSIN_TOOL_CACHE, else $XDG_CACHE_HOME/tocsin, else ~/.cache/tocsin. */
    toolCacheDir: toolCacheDirOf(env),
  }));

export type Config = Readonly<z.output<typeof EnvSchema>>;

/** Every environment variable Tocsin reads; docs/operator-guide/configuration.md is generated from them. */
export const ENV_VARIABLES = EnvSchema.in.shape;
export type EnvVariable = keyof typeof ENV_VARIABLES;

function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/**
 * Downloaded and built tools live outside the clone, keyed by version, so a fresh clone (CI) reuses
 * them; `.ci/run` and the `.ci/*.sh` scripts resolve the same path in shell.
 */
export function toolCacheDirOf(env: { TOCSIN_TOOL_CACHE?: string; XDG_CACHE_HOME?: string }): string {
  if (env.TOCSIN_TOOL_CACHE) return env.TOCSIN_TOOL_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tocsin');
}

/** Raised when the environment does not describe a runnable service; lists every problem at once. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once; the result is frozen and passed down, never re-read. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as they do in docker-compose and shell exports.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  return Object.freeze(result.data);
}
