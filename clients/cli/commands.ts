import { computeSignature, signatureHeaderName, signatureScheme } from '../../shared/alerts/signature.ts';
import { apiError, createApi, unreachable, unwrap, type Api } from './api.ts';
import { helpText, type Command } from './args.ts';
import { loadConfig, removeConfig, saveConfig, type CliConfig } from './config-store.ts';
import { CliError, EXIT, type ExitCode } from './exit-codes.ts';
import { runHeartbeatCommand } from './heartbeat.ts';
import { runTeamCommand } from './team.ts';
import { runUpdateCommand } from './update.ts';
import { runPostmortemCommand } from './postmortem.ts';
import { runMergeCommand } from './merge.ts';
import { runPriorityRunbookCommand } from './priority-runbook.ts';
import { runContactCommand } from './contact.ts';
import { connectLive, type LiveEvent } from './live.ts';
import {
  formatEvent,
  formatExecutionSummary,
  formatIncidentDetail,
  formatIncidentList,
  formatEscalation,
  formatReassignment,
  formatRespondersAdded,
  formatOnCall,
  formatSilenceList,
  shortTime,
  formatProcedureList,
  formatSearchHits,
  formatStepLine,
  type Execution,
  type ExecutionStep,
} from './output.ts';
import type { CliIo } from './io.ts';
import { CLI_VERSION, userAgent } from './version.ts';

export type { CliIo } from './io.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const printJson = (io: CliIo, value: unknown) => io.stdout(JSON.stringify(value, null, 2));

export async function runCommand(command: Command, json: boolean, io: CliIo): Promise<ExitCode> {
  const out = (human: () => string, machine: unknown) => (json ? printJson(io, machine) : io.stdout(human()));
  switch (command.name) {
    case 'help':
      io.stdout(helpText(command.path));
      return EXIT.OK;
    case 'version':
      out(() => `tocsin ${CLI_VERSION} (node ${process.versions.node}, ${process.platform}-${process.arch})`, {
        version: CLI_VERSION,
        node: process.versions.node,
        platform: `${process.platform}-${process.arch}`,
      });
      return EXIT.OK;
    case 'login': {
      const config: CliConfig = { url: command.url.replace(/\/$/, ''), api_key: command.apiKey };
      const me = await unwrap(config.url, createApi(config).GET('/api/v1/auth/me'));
      await saveConfig(io.configPath, config);
      out(() => `Logged in to ${config.url}; saved to ${io.configPath}`, { url: config.url, config_path: io.configPath, me: me.data });
      return EXIT.OK;
    }
    case 'logout': {
      const removed = await removeConfig(io.configPath);
      out(() => (removed ? `Removed ${io.configPath}` : 'Not logged in'), { removed, config_path: io.configPath });
      return EXIT.OK;
    }
    case 'heartbeat ping':
      // A full ping URL carries its own credential: no login needed.
      if (/^https?:\/\//.test(command.target)) return runHeartbeatCommand(command, json, io, { url: '', api_key: '' });
      return runWithConfig(command, json, io, await loadConfig(io.configPath, io.env));
    default:
      return runWithConfig(command, json, io, await loadConfig(io.configPath, io.env));
  }
}

async function runWithConfig(command: Command, json: boolean, io: CliIo, config: CliConfig): Promise<ExitCode> {
  const api = createApi(config);
  const out = (human: () => string, machine: unknown) => (json ? printJson(io, machine) : io.stdout(human()));
  switch (command.name) {
    case 'incidents list': {
      const { name: _name, ...query } = command;
      const page = await unwrap(config.url, api.GET('/api/v1/incidents', { params: { query } }));
      out(() => formatIncidentList(page.data, page.meta.total), page);
      return EXIT.OK;
    }
    case 'incidents show': {
      const { data } = await unwrap(config.url, api.GET('/api/v1/incidents/{id}', { params: { path: { id: command.id } } }));
      out(() => formatIncidentDetail(data), data);
      return EXIT.OK;
    }
    case 'incidents ack':
    case 'incidents resolve': {
      const status = command.name === 'incidents ack' ? 'investigating' : 'resolved';
      const { data } = await unwrap(
        config.url,
        api.PATCH('/api/v1/incidents/{id}', { params: { path: { id: command.id } }, body: { status } }),
      );
      out(() => `${data.id} ${data.status}: ${data.title}`, data);
      return EXIT.OK;
    }
    case 'incidents watch':
      return watch(config, json, io);
    case 'alert send':
      return sendAlert(command, json, io, config);
    case 'runbook list': {
      const page = await unwrap(config.url, api.GET('/api/v1/procedures', { params: { query: { limit: command.limit } } }));
      out(() => formatProcedureList(page.data), page);
      return EXIT.OK;
    }
    case 'runbook run':
      return runRunbook(command, json, io, config, api);
    case 'search': {
      const body = {
        query: command.query,
        limit: command.limit,
        ...(command.types ? { types: command.types } : {}),
        ...(command.mode ? { mode: command.mode } : {}),
      };
      const result = await unwrap(config.url, api.POST('/api/v1/search/query', { body: body as never }));
      out(() => formatSearchHits(result.data), result);
      return EXIT.OK;
    }
    case 'contact list':
    case 'contact add':
    case 'contact verify':
    case 'contact resend':
    case 'contact test':
      return runContactCommand(command, json, io, config);
    case 'heartbeat list':
    case 'heartbeat create':
    case 'heartbeat ping':
      return runHeartbeatCommand(command, json, io, config);
    case 'team list':
    case 'team create':
    case 'team add-member':
      return runTeamCommand(command, json, io, config);
    case 'update post':
    case 'update list':
      return runUpdateCommand(command, json, io, config);
    case 'postmortem create':
    case 'postmortem show':
    case 'postmortem export':
    case 'postmortem action add':
    case 'postmortem action done':
      return runPostmortemCommand(command, json, io, config);
    case 'incidents merge':
    case 'incidents unmerge':
    case 'incidents link':
    case 'incidents links':
    case 'incidents unlink':
      return runMergeCommand(command, json, io, config);
    case 'runbook priorities':
      return runPriorityRunbookCommand(command, undefined, json, io, config);
    case 'runbook priority':
      return runPriorityRunbookCommand(
        command,
        command.procedure === undefined ? undefined : await resolveProcedure(api, config.url, command.procedure),
        json,
        io,
        config,
      );
    case 'oncall':
      return onCall(command, json, io, config, api);
    case 'incidents escalate': {
      await unwrap(config.url, api.POST('/api/v1/incidents/{id}/escalate', { params: { path: { id: command.id } } }));
      const { data } = await unwrap(config.url, api.GET('/api/v1/incidents/{id}/escalation', { params: { path: { id: command.id } } }));
      out(() => formatEscalation(data), data);
      return EXIT.OK;
    }
    case 'incidents snooze': {
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/incidents/{id}/snooze', { params: { path: { id: command.id } }, body: { duration: command.seconds } }),
      );
      out(() => `${command.id} snoozed until ${data.snoozed_until ?? '?'}: it pages again then unless resolved`, data);
      return EXIT.OK;
    }
    case 'incidents reassign': {
      const body = command.policy
        ? { escalation_policy_id: command.policy }
        : { user_id: await userIdOf(config.url, api, command.user as string) };
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/incidents/{id}/reassign', { params: { path: { id: command.id } }, body: body as never }),
      );
      out(() => formatReassignment(data), data);
      return EXIT.OK;
    }
    case 'responders add': {
      const targets = [
        ...(await Promise.all(command.users.map(async (user) => ({ type: 'user' as const, id: await userIdOf(config.url, api, user) })))),
        ...command.schedules.map((id) => ({ type: 'schedule' as const, id })),
        ...command.policies.map((id) => ({ type: 'escalation_policy' as const, id })),
      ];
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/incidents/{id}/responders', {
          params: { path: { id: command.id } },
          body: { targets, ...(command.message ? { message: command.message } : {}) },
        }),
      );
      out(() => formatRespondersAdded(data), data);
      return EXIT.OK;
    }
    case 'role list':
    case 'role assign':
    case 'role unassign':
    case 'incidents priority':
      return runRoleCommand(command, json, io, config, api);
    case 'silence list': {
      const query = { limit: command.limit, ...(command.status ? { status: command.status } : {}) };
      const page = await unwrap(config.url, api.GET('/api/v1/silences', { params: { query } }));
      out(() => formatSilenceList(page.data), page);
      return EXIT.OK;
    }
    case 'silence add': {
      const ends = new Date(Date.now() + command.durationMinutes * 60_000).toISOString();
      const { data } = await unwrap(
        config.url,
        api.POST('/api/v1/silences', { body: { matchers: command.matchers, ends_at: ends, comment: command.comment } }),
      );
      out(() => `silence ${data.id} ${data.status} until ${shortTime(data.ends_at)}: ${data.matchers_text}`, data);
      return EXIT.OK;
    }
    case 'silence expire': {
      const { data } = await unwrap(config.url, api.DELETE('/api/v1/silences/{id}', { params: { path: { id: command.id } } }));
      out(() => `silence ${data.id} ${data.status}: ${data.matchers_text}`, data);
      return EXIT.OK;
    }
    default:
      throw new CliError(EXIT.USAGE, 'USAGE', `unhandled command ${command.name}`);
  }
}

async function watch(config: CliConfig, json: boolean, io: CliIo): Promise<ExitCode> {
  const socket = await connectLive(config, (event) => io.stdout(json ? JSON.stringify(event) : formatEvent(event)));
  // On stderr even with --json: a script can wait for it to know no later event will be missed.
  io.stderr(`watching ${config.url} (Ctrl-C to stop)`);
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') io.stderr(`disconnected (${reason}); reconnecting`);
  });
  await io.interrupted;
  socket.disconnect();
  return EXIT.OK;
}

async function sendAlert(
  command: Extract<Command, { name: 'alert send' }>,
  json: boolean,
  io: CliIo,
  config: CliConfig,
): Promise<ExitCode> {
  const secret = command.secret ?? io.env.TOCSIN_INTEGRATION_SECRET;
  if (!secret) throw new CliError(EXIT.USAGE, 'USAGE', 'the integration secret is required: --secret or TOCSIN_INTEGRATION_SECRET');
  let body: Buffer;
  try {
    body = await io.readInput(command.file);
  } catch (error) {
    throw new CliError(EXIT.USAGE, 'USAGE', `cannot read ${command.file}: ${(error as Error).message}`);
  }
  // Signed over the exact bytes sent, as the webhook route verifies them (shared/alerts/signature.ts).
  const signature = `${signatureScheme(command.platform)}=${computeSignature(secret, body)}`;
  const url = `${config.url}/api/v1/webhooks/${command.platform}/${command.integration}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent(), [signatureHeaderName(command.platform)]: signature },
      body: new Uint8Array(body),
    });
  } catch (error) {
    throw unreachable(config.url, error);
  }
  const text = await response.text();
  const answer = (() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  })();
  if (!response.ok) throw apiError(response.status, answer, { webhook: true });
  const data = (answer as { data?: { alert_id?: string; processing_status?: string } }).data;
  if (json) printJson(io, answer);
  else io.stdout(`alert ${data?.alert_id ?? '(no id)'} ${data?.processing_status ?? 'accepted'}`);
  return EXIT.OK;
}

/** The procedure named by id or exact name. */
async function resolveProcedure(api: Api, url: string, ref: string): Promise<string> {
  if (UUID.test(ref)) return ref;
  const matches: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await unwrap(url, api.GET('/api/v1/procedures', { params: { query: { limit: 100, offset } } }));
    matches.push(...page.data.filter((procedure) => procedure.name === ref).map((procedure) => procedure.id));
    if (offset + page.data.length >= page.meta.total || page.data.length === 0) break;
  }
  if (matches.length === 0) throw new CliError(EXIT.NOT_FOUND, 'NOT_FOUND', `no procedure named "${ref}" (tocsin runbook list shows them)`);
  if (matches.length > 1)
    throw new CliError(EXIT.USAGE, 'AMBIGUOUS', `${matches.length} procedures are named "${ref}": give the id (${matches.join(', ')})`);
  return matches[0] as string;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const PERSON_STEPS = new Set(['manual', 'approval']);
// Events are the fast path; this bounds how long a missed event can delay the next line.
const REFRESH_MS = 2000;

async function runRunbook(
  command: Extract<Command, { name: 'runbook run' }>,
  json: boolean,
  io: CliIo,
  config: CliConfig,
  api: Api,
): Promise<ExitCode> {
  const procedureId = await resolveProcedure(api, config.url, command.procedure);
  const progress = (line: string) => (json ? io.stderr(line) : io.stdout(line));
  let wake: () => void = () => {};
  let latest: Execution | undefined;
  const accept = (execution: Execution) => {
    // Keep the newest view: an event can arrive after a fresher PATCH answer.
    if (
      !latest ||
      execution.steps.filter((step) => step.completed_at).length >= latest.steps.filter((step) => step.completed_at).length ||
      TERMINAL.has(execution.status)
    )
      latest = execution;
    wake();
  };
  let executionId: string | undefined;
  const socket = await connectLive(config, (event: LiveEvent) => {
    const execution = event.data.execution as Execution | undefined;
    if (event.type === 'execution.updated' && execution && execution.id === executionId) accept(execution);
  }).catch((error: CliError) => {
    progress(`live updates unavailable (${error.message}); polling instead`);
    return undefined;
  });
  try {
    const started = await unwrap(
      config.url,
      api.POST('/api/v1/procedures/{id}/execute', {
        params: { path: { id: procedureId } },
        body: { incident_id: command.incident ?? null, parameters: command.params },
      }),
    );
    executionId = started.data.id;
    accept(started.data);
    progress(`execution ${executionId} of "${started.data.procedure_name}" started (${started.data.steps.length} steps)`);
    const printed = new Map<string, string>();
    const handled = new Set<string>();
    let interrupted = false;
    void io.interrupted.then(() => {
      interrupted = true;
      wake();
    });
    for (;;) {
      const execution = latest as Execution;
      for (const step of execution.steps) {
        if (printed.get(step.step_id) === step.status) continue;
        printed.set(step.step_id, step.status);
        if (step.status !== 'pending') progress(formatStepLine(step, execution.steps.length));
      }
      if (TERMINAL.has(execution.status)) {
        if (json) printJson(io, execution);
        else io.stdout(formatExecutionSummary(execution));
        return execution.status === 'completed' ? EXIT.OK : EXIT.RUNBOOK_FAILED;
      }
      if (interrupted) {
        progress(`interrupted; execution ${execution.id} goes on on the server`);
        return EXIT.INTERRUPTED;
      }
      const waiting = execution.steps.find(
        (step) => step.status === 'waiting' && PERSON_STEPS.has(step.type) && !handled.has(step.step_id),
      );
      if (waiting) {
        handled.add(waiting.step_id);
        const decision = await decide(waiting, execution.steps.length, command, io, progress);
        if (decision) {
          const updated = await patchStep(api, config.url, execution.id, waiting, decision, progress);
          if (updated) accept(updated);
          continue;
        }
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, REFRESH_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
      if (!interrupted)
        accept((await unwrap(config.url, api.GET('/api/v1/executions/{id}', { params: { path: { id: execution.id } } }))).data);
    }
  } finally {
    socket?.disconnect();
  }
}

type Decision = { status: 'succeeded' | 'failed' | 'skipped'; notes?: string };

async function decide(
  step: ExecutionStep,
  total: number,
  command: Extract<Command, { name: 'runbook run' }>,
  io: CliIo,
  progress: (line: string) => void,
): Promise<Decision | undefined> {
  const what = step.type === 'approval' ? 'approve' : 'mark done';
  if (command.yes) {
    progress(`[${step.position + 1}/${total}] ${step.name}: ${what} (--yes)`);
    return { status: 'succeeded', notes: command.notes ?? `${step.type === 'approval' ? 'Approved' : 'Done'} with tocsin --yes` };
  }
  if (!io.interactive) {
    progress(`[${step.position + 1}/${total}] ${step.name} waits for a person: complete it in Tocsin, or run with --yes`);
    return undefined;
  }
  for (;;) {
    const answer = (
      await io.ask(`[${step.position + 1}/${total}] ${step.name} (${step.type}) — ${what}? [y]es / [n]o (fails the run) / [s]kip: `)
    )
      .trim()
      .toLowerCase();
    const status =
      answer === 'y' || answer === 'yes'
        ? 'succeeded'
        : answer === 'n' || answer === 'no'
          ? 'failed'
          : answer === 's' || answer === 'skip'
            ? 'skipped'
            : undefined;
    if (!status) continue;
    const notes = (await io.ask('notes (optional): ')).trim();
    return { status, ...(notes ? { notes } : command.notes ? { notes: command.notes } : {}) };
  }
}

async function patchStep(
  api: Api,
  url: string,
  executionId: string,
  step: ExecutionStep,
  decision: Decision,
  progress: (line: string) => void,
): Promise<Execution | undefined> {
  try {
    return (
      await unwrap(
        url,
        api.PATCH('/api/v1/executions/{id}', { params: { path: { id: executionId } }, body: { step_id: step.step_id, ...decision } }),
      )
    ).data;
  } catch (error) {
    // Someone else completed the step first: follow on.
    if (error instanceof CliError && error.status === 409) {
      progress(`${step.name}: already completed elsewhere`);
      return undefined;
    }
    throw error;
  }
}

async function onCall(
  command: { schedule?: string; at?: string },
  json: boolean,
  io: CliIo,
  config: CliConfig,
  api: Api,
): Promise<ExitCode> {
  const answer = await unwrap(config.url, api.GET('/api/v1/oncall', { params: { query: command.at ? { at: command.at } : {} } }));
  const wanted = command.schedule?.toLowerCase();
  const entries = wanted
    ? answer.data.filter((entry) => entry.schedule_id === wanted || entry.schedule_name.toLowerCase() === wanted)
    : answer.data;
  if (wanted && entries.length === 0) throw new CliError(EXIT.NOT_FOUND, 'NOT_FOUND', `no schedule "${command.schedule}"`);
  if (json) return (printJson(io, { data: entries, meta: answer.meta }), EXIT.OK);
  // Names make the answer readable; a key without users:read still gets the ids.
  const members = await api.GET('/api/v1/users', { params: { query: { limit: 100 } } });
  const names = new Map((members.data?.data ?? []).map((user) => [user.id, user.name] as const));
  io.stdout(formatOnCall(entries, names));
  return EXIT.OK;
}

type RoleCommand = Extract<Command, { name: 'role list' | 'role assign' | 'role unassign' | 'incidents priority' }>;
type Loose<T> = (path: string, init: unknown) => Promise<{ data?: T; error?: unknown; response: Response }>;

/** Incident roles and priority. The routes are new in this version: typed loosely until the clients are regenerated from /openapi.json. */
async function runRoleCommand(command: RoleCommand, json: boolean, io: CliIo, config: CliConfig, api: Api): Promise<ExitCode> {
  const out = (human: () => string, machine: unknown) => (json ? printJson(io, machine) : io.stdout(human()));
  switch (command.name) {
    case 'role list': {
      type Role = { key: string; name: string; built_in: boolean };
      const { data } = await unwrap(config.url, (api.GET as unknown as Loose<{ data: Role[] }>)('/api/v1/incident-roles', {}));
      out(() => data.map((role) => `${role.key.padEnd(24)} ${role.name}${role.built_in ? ' (built in)' : ''}`).join('\n'), data);
      return EXIT.OK;
    }
    case 'role assign': {
      type Holder = { role_name: string; user_id: string; user_name: string | null; paged: boolean };
      const user_id = await userIdOf(config.url, api, command.user);
      const { data } = await unwrap(
        config.url,
        (api.PUT as unknown as Loose<{ data: Holder }>)('/api/v1/incidents/{id}/roles/{role}', {
          params: { path: { id: command.id, role: command.role } },
          body: { user_id },
        }),
      );
      out(() => `${data.user_name ?? data.user_id} is ${data.role_name}${data.paged ? ' (paged now)' : ''}`, data);
      return EXIT.OK;
    }
    case 'role unassign': {
      await unwrap(
        config.url,
        (api.DELETE as unknown as Loose<never>)('/api/v1/incidents/{id}/roles/{role}', {
          params: { path: { id: command.id, role: command.role } },
        }),
      );
      out(() => `${command.role} unassigned on ${command.id}`, { incident_id: command.id, role: command.role });
      return EXIT.OK;
    }
    case 'incidents priority': {
      const { data } = await unwrap(
        config.url,
        (api.PATCH as unknown as Loose<{ data: { id: string; title: string; priority: string | null } }>)('/api/v1/incidents/{id}', {
          params: { path: { id: command.id } },
          body: { priority: command.priority },
        }),
      );
      out(() => `${data.id} priority ${data.priority ?? 'none'}: ${data.title}`, data);
      return EXIT.OK;
    }
  }
}

/** A `--user` value as a user id: an id as given, an email looked up among the organization's members (exact match). */
async function userIdOf(url: string, api: Api, user: string): Promise<string> {
  if (!user.includes('@')) return user;
  const page = await unwrap(url, api.GET('/api/v1/users', { params: { query: { search: user, limit: 100 } } }));
  const found = page.data.find((candidate) => candidate.email.toLowerCase() === user.toLowerCase());
  if (!found) throw new CliError(EXIT.NOT_FOUND, 'NOT_FOUND', `No member of this organization has the email ${user}`);
  return found.id;
}
