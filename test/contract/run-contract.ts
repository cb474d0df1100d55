// `npm run test:contract`: the API's contract, checked by Schemathesis against what the API really
// answers. Starts the production shape (PostgreSQL and Temporal from dev/stack, `node api/main.ts`,
// `node worker/main.ts`; servers given in DATABASE_URL, TEMPORAL_ADDRESS, ELASTICSEARCH_URL are used
// instead, each run in a database and task queue of its own), registers an owner with a few
// fixtures, then runs every Schemathesis check and phase over /openapi.json, generically: routes
// added later are covered without touching this file. Arguments after `--` go to `st run` (e.g. `-- --max-examples 5`).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../shared/net/free-port.ts';
import { harnessAppEnv, startApp, type AppRole } from '../../dev/app-process.ts';
import { SCHEMATHESIS_TOOL } from '../../dev/schemathesis-tool.ts';
import { servicesFromConfig } from '../../dev/stack/plan.ts';
import { startStack, temporaryRoot } from '../../dev/stack/services.ts';
import { installTool } from '../../dev/tool-cache.ts';
import { toolCacheDir } from '../../shared/load-config.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const say = (message: string) => process.stderr.write(`[contract] ${message}\n`);

/**
 * Operations that would destroy the run's own credential halfway through, leaving every later case
 * a 401: logging out (this session, every session) and changing the password (which revokes every
 * session). Nothing else is excluded.
 */
const CREDENTIAL_DESTROYING_OPERATIONS = ['logout', 'logoutAll', 'changePassword'];

/**
 * Rejections the description cannot express, each allowed (422 VALIDATION_ERROR) for one operation
 * only, in the way Schemathesis documents for its ST202 check; every other check still runs on
 * these operations, the 422's body included. Nothing else is relaxed.
 */
const UNEXPRESSIBLE_REJECTIONS: Record<string, string> = {
  // A cross-parameter rule: `from` before `to`, and the range at most MAX_ANALYTICS_RANGE_DAYS long.
  getAnalytics: 'from must precede to, within the longest range',
  // The platform comes from os + arch or from User-Agent; windows-arm64 is not built. OpenAPI
  // parameters cannot say "these two, or that header", nor which pairs exist.
  downloadHelper: 'os and arch, or a User-Agent naming them; a built pair',
  // Query parameters cannot carry an anyOf: one of connection_id, email or organization_id.
  ssoInitiate: 'connection_id, email or organization_id',
  // idp_metadata_xml must be a parseable IdP metadata document: content, not shape.
  createSsoConnection: 'IdP metadata that parses',
  // `config` is merged into the stored one and validated for the stored connection's kind, which
  // the request does not carry (client_secret is an OIDC field, refused on a SAML connection), and
  // an issuer moved to another origin needs client_secret again. Both are declared 422s.
  updateSsoConnection: 'config valid for the stored connection kind; client_secret again for a moved issuer',
  // A secret header whose value is `[redacted]` (as responses show it) keeps the stored value of
  // that name: refused where there is none, which depends on what is stored (and on creation is
  // always the case, but the create and update bodies share one WebhookConfig/step schema).
  // Procedures add two more: a step `id` must be one of this procedure's, and appear once.
  createIntegration: 'secret_headers [redacted] only where a value is stored',
  updateIntegration: 'secret_headers [redacted] only where a value is stored',
  createProcedure: "secret_headers [redacted] only where a value is stored; step ids this procedure's, once each",
  updateProcedure: "secret_headers [redacted] only where a value is stored; step ids this procedure's, once each",
  // Time zones are IANA names and aliases as the zone database knows them: content, not shape.
  updateOrganizationSettings: 'timezone an IANA zone name',
  // Schedules: a zone name, fields that belong to one rotation kind (handoff_day weekly only,
  // turn_hours custom only), members of the organization; windows from before to.
  createSchedule: 'time_zone an IANA zone name; fields of its rotation kind; members of the organization',
  updateSchedule: 'time_zone an IANA zone name; fields of its rotation kind; members of the organization',
  getScheduleShifts: 'from before to, within the longest range',
  getScheduleCalendar: 'from before to, within the longest range',
  createScheduleOverride: 'start before end, within the longest range; a member of the organization',
  // A swap covers a range the requester is on call for, on the schedule as it renders now.
  createScheduleSwapRequest: 'start before end, within the longest range; the requester on call over it; a member targeted',
  // Matchers are text in Alertmanager's syntax: they must parse within the regex width limit, one
  // must not match the empty string and one must select only some values of its label; a preview
  // also stays within its matching budget.
  createSilence: 'matchers that parse within the limits and do not mute every alert; starts before it ends',
  updateSilence: 'matchers that parse within the limits and do not mute every alert; starts before it ends',
  previewSilence: 'matchers that parse within the limits and do not mute every alert; matching within the budget',
  createMaintenanceWindow: 'an IANA zone, an RRULE that parses, start before end, integrations of the organization',
  // Teams: members, the default policy and the schedules named are the organization's.
  createTeam: 'members and a default escalation policy of the organization',
  updateTeam: 'members and a default escalation policy of the organization',
  addTeamMember: 'a member of the organization',
  // A status page component maps integrations and routing rules of the organization.
  createStatusPageComponent: 'integrations and routing rules of the organization',
  updateStatusPageComponent: 'integrations and routing rules of the organization',
  // A postmortem action item's owner is a member of the organization.
  addPostmortemActionItem: 'an owner who is a member of the organization',
  updatePostmortemActionItem: 'an owner who is a member of the organization',
  // A link relates two incidents: the body's incident is not the one in the path.
  createIncidentLink: 'an incident other than the one in the path',
  // Twilio's form posts carry each parameter once: a repeated key is no request Twilio sends, and
  // a form body's schema cannot say "each key once".
  twilioInboundSms: 'each form parameter once',
  twilioPageStatus: 'each form parameter once',
  twilioInboundCall: 'each form parameter once',
  twilioVoicePage: 'each form parameter once',
  twilioVoiceGather: 'each form parameter once',
  updateMaintenanceWindow: 'an IANA zone, an RRULE that parses, start before end, integrations of the organization',
  // Targets must be members or schedules of the caller's organization.
  createEscalationPolicy: 'targets that are members or schedules of the organization',
  updateEscalationPolicy: 'targets that are members or schedules of the organization',
  // Routing rules: matchers in Alertmanager's syntax that parse, a policy of the organization; an order naming each rule once.
  createRoutingRule: 'matchers that parse; a policy of the organization',
  // The tester matches the stored rules over the labels within the per-alert budget, which depends on what is stored.
  testRoutingRules: "matching the organization's rules within the per-alert budget",
  updateRoutingRule: 'matchers that parse; a policy of the organization',
  reorderRoutingRules: "each of the organization's rules exactly once",
  // Contact methods: a webhook's headers come with its url (a new URL never keeps old headers), a
  // template that is a JSON object or array; rules name one of the caller's own methods.
  // Other kinds are verified by a code sent through the channel at once: a method it cannot reach is refused.
  createMyContactMethod: 'headers with a url; a template that is a JSON object or array; a destination its channel can deliver a code to',
  updateMyContactMethod: 'headers with a url; a template that is a JSON object or array',
  createMyNotificationRule: "a contact method of the caller's own",
  updateMyNotificationRule: "a contact method of the caller's own",
  // A connection's settings are validated by the schema of the kind the path names.
  putChannelConnection: 'settings valid for the connection kind in the path',
  // A feed follows exactly one routing rule or integration, of the organization.
  createChatFeed: 'exactly one of routing_rule_id and integration_id, of the organization',
  // The new assignee or policy must be the organization's.
  reassignIncident: 'a member or policy of the organization',
  // Responders are members, schedules or policies of the organization.
  addIncidentResponders: 'targets that are members, schedules or policies of the organization',
  // Inhibition rules: matchers in Alertmanager's syntax that parse (as for silences and routing).
  createInhibitionRule: 'matchers that parse within the limits',
  updateInhibitionRule: 'matchers that parse within the limits',
  // A heartbeat opens its incidents through an integration of the organization.
  createHeartbeat: 'an integration of the organization',
  updateHeartbeat: 'an integration of the organization',
  // Only a generic_json integration maps bodies with a template.
  testIntegrationMapping: 'a generic_json integration',
};
/**
 * Refusals of valid requests with another status, declared in the operation's responses: ones that
 * depend on the state earlier cases left (the suite's own wrong guesses lock the emails it repeats),
 * and the answers of a vendor's API Tocsin reproduces.
 */
const STATEFUL_REFUSALS: Record<string, { rule: string; status: string }> = {
  login: { rule: 'an email locked by failed logins answers 423 ACCOUNT_LOCKED, even to the right password', status: '423' },
  // PagerDuty's Events API v2 reads its body itself (the routing key inside it authenticates the
  // event) and answers one it cannot read 400 `invalid event`, as PagerDuty does.
  enqueueEventsV2: { rule: "PagerDuty's 400 invalid event for a body that is no event", status: '400' },
  enqueueChangeEventsV2: { rule: "PagerDuty's 400 invalid event for a body that is no event", status: '400' },
  enqueueIntegrationEventsV2: { rule: "PagerDuty's 400 invalid event for a body that is no event", status: '400' },
  enqueueIntegrationChangeEventsV2: { rule: "PagerDuty's 400 invalid event for a body that is no event", status: '400' },
};
const POSITIVE_DATA_ACCEPTANCE_DEFAULTS = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];

/** schemathesis.toml: the per-operation allowances above, as Schemathesis reads them. */
function schemathesisConfig(): string {
  const allowances = [
    ...Object.entries(UNEXPRESSIBLE_REJECTIONS).map(([operationId, rule]) => ({ operationId, rule, status: '422' })),
    ...Object.entries(STATEFUL_REFUSALS).map(([operationId, refusal]) => ({ operationId, ...refusal })),
  ];
  return allowances
    .map(
      ({ operationId, rule, status }) =>
        `# ${rule}\n[[operations]]\ninclude-operation-id = "${operationId}"\nchecks.positive_data_acceptance.expected-statuses = ${JSON.stringify([...POSITIVE_DATA_ACCEPTANCE_DEFAULTS, status])}\n`,
    )
    .join('\n');
}

/**
 * Run size. Each operation gets up to MAX_EXAMPLES generated cases in the fuzzing phase (the
 * coverage phase adds its own, walking every schema boundary deterministically, and most of the
 * run's cases), and the stateful phase as many scenarios. Generation is derandomized, so a run
 * sends the same cases as the last one: a failure is a change in the API, not in the dice
 * (CONTRACT_SEED=<n> draws other cases, reproducibly). With 15 and two workers, 88 operations took
 * 7.5 minutes (8,438 cases) on two cores shared with other jobs at a load of 12 to 20. Two workers,
 * not more: the API, the worker, PostgreSQL and Temporal share the same cores, and a third does not
 * help (258 operations, about 18,500 cases, on 2 vCPUs of an AMD EPYC: 328 s with two, 357 s with
 * three, the cores a third idle either way).
 */
const MAX_EXAMPLES = process.env.CONTRACT_MAX_EXAMPLES ?? '15';
const WORKERS = process.env.CONTRACT_WORKERS ?? '2';
const SEED = process.env.CONTRACT_SEED;

const stops: Array<() => Promise<void>> = [];
async function stopAll(): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => say(`stop failed: ${String(error)}`));
  stops.length = 0;
}

/** The API's and the worker's output: kept out of the report, in a file named at the end. */
const PROCESS_LOG = join(tmpdir(), `tocsin-contract-${new Date().toISOString().replaceAll(':', '-')}.log`);

async function startNode(name: AppRole, env: NodeJS.ProcessEnv, readyUrl: string): Promise<void> {
  // Warnings and errors (LOG_LEVEL=warn): a 5xx the run provokes is logged with its cause.
  const child = await startApp(name, { env, readyUrl, onOutput: (line) => appendFileSync(PROCESS_LOG, `[${name}] ${line}\n`) });
  stops.push(() => child.stop(15_000));
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ data?: { id?: string } } & Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: { id?: string } } & Record<string, unknown>;
  if (!response.ok) throw new Error(`fixture ${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Where the run's outbound webhooks go: a local server answering 204. The stack admits no other
 * host (OUTBOUND_ALLOWED_HOSTS), so the integrations the fuzzer creates, with URLs such as
 * http://0.com, are refused at once (non-retryable) instead of reaching the internet or waiting out
 * their timeouts and retries while everything else queues behind them.
 */
async function startSink(): Promise<{ url: string; received: () => number }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.once('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received: () => received };
}

/** An owner and one of each main resource, so the stateful phase and path parameters find real ids. */
async function seed(baseUrl: string, sinkUrl: string): Promise<string> {
  const email = `contract-${randomUUID().slice(0, 8)}@example.com`;
  const password = randomBytes(18).toString('base64url');
  await call(baseUrl, 'POST', '/auth/register', { email, password, name: 'Contract Owner', organization_name: 'Contract Suite' });
  const { access_token: token } = (await call(baseUrl, 'POST', '/auth/login', { email, password })) as { access_token: string };
  const incident = await call(baseUrl, 'POST', '/incidents', { title: 'Disk full on db-1', severity: 'high' }, token);
  await call(
    baseUrl,
    'POST',
    '/procedures',
    {
      name: 'Free disk space',
      steps: [{ name: 'Rotate logs', type: 'manual' }],
    },
    token,
  ).then((procedure) => call(baseUrl, 'POST', `/procedures/${procedure.data?.id}/execute`, { incident_id: incident.data?.id }, token));
  await call(
    baseUrl,
    'POST',
    '/integrations',
    {
      name: 'Prometheus',
      platform: 'metrics_alerts',
      webhook_config: { url: sinkUrl, events: ['incident.created', 'incident.updated', 'incident.status_changed'] },
    },
    token,
  );
  await call(baseUrl, 'POST', '/api-keys', { name: 'contract', permissions: ['incidents:read'] }, token);
  await call(baseUrl, 'POST', '/knowledge-base', { title: 'Disk full runbook', body: 'Rotate the logs, then grow the volume.' }, token);
  return token;
}

async function main(): Promise<number> {
  const st = await installTool(SCHEMATHESIS_TOOL, { cacheDir: toolCacheDir(), log: say });
  const root = await temporaryRoot('tocsin-contract-');
  stops.push(() => rm(root, { recursive: true, force: true }));
  const configFile = join(root, 'schemathesis.toml');
  await writeFile(configFile, schemathesisConfig());
  const sink = await startSink();
  // Configured servers are used (a database of the run's own, dropped afterwards); Elasticsearch only when configured.
  const services = servicesFromConfig(process.env, { elasticsearch: false });
  const temporal = services.temporal.kind === 'dev' ? { ...services.temporal, cliPath: process.env.TEMPORAL_CLI_PATH } : services.temporal;
  const stack = await startStack({ root, ...services, temporal }, { log: say });
  stops.push(() => stack.stop());
  const databaseUrl = await stack.postgres.createDatabase(`contract_${randomUUID().replaceAll('-', '').slice(0, 16)}`);
  const temporalAddress = stack.temporal.address;
  const apiPort = await freePort();
  const workerHealthPort = await freePort();
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const env: NodeJS.ProcessEnv = {
    ...harnessAppEnv({ databaseUrl, temporalAddress, taskQueue: `contract-${randomUUID()}` }),
    NODE_OPTIONS: '',
    DATA_DIR: join(root, 'data'),
    ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? '',
    SEARCH_INDEX_PREFIX: `contract-${randomUUID().slice(0, 8)}`,
    PORT: String(apiPort),
    PUBLIC_URL: baseUrl,
    WORKER_HEALTH_PORT: String(workerHealthPort),
    // Thousands of requests from one user and one IP: the suite checks answers, not the plan's numbers.
    RATE_LIMIT_INTERACTIVE_PER_HOUR: '100000000',
    RATE_LIMIT_API_KEY_PER_HOUR: '100000000',
    RATE_LIMIT_WEBHOOK_PER_HOUR: '100000000',
    RATE_LIMIT_SEARCH_PER_HOUR: '100000000',
    RATE_LIMIT_WEBHOOK_AUTH_FAILURES_PER_HOUR: '100000000',
    // And the plan's quotas: the fuzzer creates many integrations (402 PLAN_LIMIT_REACHED is documented).
    PLAN_INTEGRATIONS_LIMIT: '100000000',
    PLAN_MEMBERS_LIMIT: '100000000',
    // Likewise the lockout: the fuzzer logs in to made-up accounts over and over.
    LOGIN_MAX_FAILURES: '100000000',
    // Outbound webhooks and runbook http steps reach the local sink and nothing else (see startSink).
    OUTBOUND_ALLOW_PRIVATE: 'true',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  };
  // The API migrates the database before it listens; the worker starts once that is done.
  await startNode('api', env, `${baseUrl}/readyz`);
  await startNode('worker', env, `http://127.0.0.1:${workerHealthPort}/readyz`);
  const token = await seed(baseUrl, sink.url);
  say(`stack ready at ${baseUrl}; running Schemathesis (${st})`);

  const args = [
    '--config-file',
    configFile,
    'run',
    `${baseUrl}/openapi.json`,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    MAX_EXAMPLES,
    '--workers',
    WORKERS,
    // Above the API's own longest bounded wait (a runbook update: 30 s, then 503), so what is
    // checked is the API's answer, not a client giving up on a busy machine.
    '--request-timeout',
    '45',
    // The response-time check's limit (10 s by default) at the same bound: two shared cores run the
    // API, the worker, PostgreSQL, Temporal and the fuzzer at once, and a slow answer is not a
    // contract violation unless it outlasts what the API itself promises to wait.
    '--max-response-time',
    '30',
    // Generator health checks, not contract checks. Date-time fields carry both `format` and zod's
    // exact pattern, so Hypothesis draws by format and filters by pattern, which in a batch of up to
    // 1000 log entries trips `filter_too_much`; and `too_slow` times generation, which on two cores
    // shared with the whole stack trips at random for the largest bodies (POST /logs,
    // POST /knowledge-base). Generation goes on; every check still runs.
    '--suppress-health-check',
    'filter_too_much,too_slow',
    '-H',
    `Authorization: Bearer ${token}`,
    ...CREDENTIAL_DESTROYING_OPERATIONS.flatMap((operationId) => ['--exclude-operation-id', operationId]),
    // Derandomized (which also keeps no example database: nothing is carried over from an earlier
    // run's failures), so every run sends the same cases; CONTRACT_SEED explores others instead.
    ...(SEED ? ['--seed', SEED] : ['--generation-deterministic']),
    ...process.argv.slice(2),
  ];
  // Run in the scratch directory: Schemathesis keeps its example database in the working directory.
  const fuzzer = spawn(st, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: root,
    env: { ...process.env, SCHEMATHESIS_HOOKS: join(ROOT, 'test/contract/serial-ast-parse.py') },
  });
  // Every line of Schemathesis' report is prefixed: its closing banner copies pytest's
  // (`=== 3 warnings in 118.15s ===`), and a CI log reader that knows pytest takes that line for a
  // pytest run that executed no test. The suites' own closing line is the one that counts.
  const report: string[] = [];
  const prefixed = [fuzzer.stdout, fuzzer.stderr].map((stream) =>
    (async () => {
      for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
        report.push(line);
        process.stdout.write(`[schemathesis] ${line}\n`);
      }
    })(),
  );
  const [code] = await new Promise<[number | null]>((resolve) => fuzzer.once('close', (exitCode) => resolve([exitCode])));
  await Promise.all(prefixed);
  say(`API and worker output: ${PROCESS_LOG}; the sink received ${sink.received()} webhooks`);
  // A CI log is often read from its end: the failures and the server's side of them again, last.
  if (code !== 0) for (const line of failureDigest(report)) say(line);
  return code ?? 1;
}

/** Schemathesis' FAILURES section and the API's and worker's error lines, each cut short. */
function failureDigest(report: string[]): string[] {
  const start = report.findIndex((line) => line.includes(' FAILURES '));
  const end = report.findIndex((line, index) => index > start && line.includes(' SUMMARY '));
  const failures = start < 0 ? [] : report.slice(start, end < 0 ? start + 80 : Math.min(end, start + 80));
  let serverLog: string[] = [];
  try {
    serverLog = readFileSync(PROCESS_LOG, 'utf8')
      .split('\n')
      .filter((line) => /"level":(50|60)|unhandled error|answered 5\d\d/.test(line))
      .slice(-20);
  } catch {
    // No process log: nothing more to show.
  }
  return [...failures, ...(serverLog.length ? ['server errors logged:'] : []), ...serverLog].map((line) => line.slice(0, 1500));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  say(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await stopAll();
}
process.exit(exitCode);
