import { parseArgs, type ParseArgsConfig } from 'node:util';
import { PLATFORMS, type Platform } from '../../shared/domain/alert.ts';
import { MAX_SNOOZE_SECONDS, MIN_SNOOZE_SECONDS, parseDuration } from '../../shared/domain/acknowledgement.ts';
import { STATUS_UPDATE_KINDS, type StatusUpdateKind } from '../../shared/domain/status-page.ts';
import { INCIDENT_LINK_KINDS, MAX_MERGE_SOURCES, type IncidentLinkKind } from '../../shared/domain/incident-merge.ts';
import { CliError, EXIT } from './exit-codes.ts';

// The command line, parsed into one value per command with node:util's parseArgs; pure, so the
// parsing (and its usage errors) is unit-tested without a server.

export const INCIDENT_STATUSES = ['active', 'investigating', 'mitigated', 'resolved'] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const SEARCH_TYPES = ['incident', 'procedure', 'article', 'log'] as const;
export const SEARCH_MODES = ['hybrid', 'semantic', 'keyword'] as const;
export const PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
type Priority = (typeof PRIORITIES)[number];
/** An incident role's key: lower-case letters, digits and underscores (`incident_commander`, `scribe`, a custom role's). */
const ROLE_KEY = /^[a-z][a-z0-9_]{1,49}$/;
export const CONTACT_KINDS = ['email', 'webhook', 'push', 'sms', 'voice', 'slack', 'matrix'] as const;

export type Command =
  | { name: 'help'; path: string[] }
  | { name: 'version' }
  | { name: 'login'; url: string; apiKey: string }
  | { name: 'logout' }
  | {
      name: 'incidents list';
      status?: (typeof INCIDENT_STATUSES)[number];
      severity?: (typeof SEVERITIES)[number];
      search?: string;
      limit: number;
      offset: number;
    }
  | { name: 'incidents show'; id: string }
  | { name: 'incidents ack'; id: string }
  | { name: 'incidents resolve'; id: string }
  | { name: 'incidents watch' }
  | { name: 'alert send'; integration: string; platform: Platform; file: string; secret?: string }
  | { name: 'runbook list'; limit: number }
  | { name: 'runbook run'; procedure: string; incident?: string; params: Record<string, string>; yes: boolean; notes?: string }
  | { name: 'runbook priorities' }
  | { name: 'runbook priority'; priority: Priority; procedure?: string; autoApprove: boolean; resolveIncident: boolean }
  | { name: 'search'; query: string; types?: string[]; mode?: string; limit: number }
  | { name: 'oncall'; schedule?: string; at?: string }
  | { name: 'incidents escalate'; id: string }
  | { name: 'incidents reassign'; id: string; user?: string; policy?: string }
  | { name: 'incidents snooze'; id: string; seconds: number }
  | { name: 'responders add'; id: string; users: string[]; schedules: string[]; policies: string[]; message?: string }
  | { name: 'role list' }
  | { name: 'role assign'; id: string; role: string; user: string }
  | { name: 'role unassign'; id: string; role: string }
  | { name: 'incidents priority'; id: string; priority: (typeof PRIORITIES)[number] | null }
  | { name: 'incidents merge'; id: string; sources: string[] }
  | { name: 'incidents unmerge'; id: string; source: string }
  | { name: 'incidents link'; id: string; other: string; kind: IncidentLinkKind }
  | { name: 'incidents links'; id: string }
  | { name: 'incidents unlink'; id: string; link: string }
  | { name: 'silence list'; status?: 'pending' | 'active' | 'expired'; limit: number }
  | { name: 'silence add'; matchers: string[]; durationMinutes: number; comment: string }
  | { name: 'silence expire'; id: string }
  | { name: 'contact list' }
  | {
      name: 'contact add';
      kind: (typeof CONTACT_KINDS)[number];
      address: string;
      label?: string;
      server?: string;
      accessToken?: string;
    }
  | { name: 'contact verify'; id: string; code: string }
  | { name: 'contact resend'; id: string }
  | { name: 'contact test'; id: string }
  | { name: 'heartbeat list'; limit: number }
  | { name: 'heartbeat create'; heartbeatName: string; integration: string; periodSeconds: number; graceSeconds?: number }
  | { name: 'heartbeat ping'; target: string }
  | { name: 'team list'; limit: number }
  | { name: 'team create'; teamName: string; members: string[]; defaultPolicy?: string }
  | { name: 'team add-member'; teamId: string; userId: string; role: 'member' | 'manager' }
  | { name: 'update post'; incident: string; kind: StatusUpdateKind; message: string; visibility: 'internal' | 'public'; title?: string }
  | { name: 'update list'; incident: string }
  | { name: 'postmortem create'; incident: string; title?: string }
  | { name: 'postmortem show'; incident: string }
  | { name: 'postmortem export'; incident: string }
  | { name: 'postmortem action add'; incident: string; title: string; owner?: string; due?: string }
  | { name: 'postmortem action done'; incident: string; item: string; done: boolean };

export interface Invocation {
  command: Command;
  /** Machine-readable output: one JSON document (or one per line for `watch`) on stdout. */
  json: boolean;
}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | string[] | undefined>;

interface CommandSpec {
  summary: string;
  usage: string;
  /** Lines shown under the usage by `--help`. */
  details?: string[];
  options: Options;
  /** Names of the positional arguments; a `[NAME]` one may be left out. */
  positionals: string[];
  build(values: Values, positionals: string[]): Command;
}

const usageError = (message: string) => new CliError(EXIT.USAGE, 'USAGE', message);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuid(value: string, what: string): string {
  if (!UUID.test(value)) throw usageError(`${what} must be a UUID, got "${value}"`);
  return value.toLowerCase();
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw usageError(`${flag} must be one of ${allowed.join(', ')}; got "${value}"`);
  return value as T;
}

function integer(value: string | undefined, flag: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw usageError(`${flag} must be a whole number, got "${value}"`);
  const number = Number(value);
  if (number < min || number > max) throw usageError(`${flag} must be between ${min} and ${max}, got ${number}`);
  return number;
}

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw usageError(`--${name} is required`);
  return value;
}

const str = (value: Values[string]) => (typeof value === 'string' ? value : undefined);

/** `--param k=v` (repeatable) → `{k: v}`; the key is what `{{parameters.k}}` names in a step. */
export function parseParams(entries: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const entry of entries) {
    const at = entry.indexOf('=');
    if (at <= 0) throw usageError(`--param takes key=value, got "${entry}"`);
    params[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return params;
}

const idCommand = (
  name: 'incidents show' | 'incidents ack' | 'incidents resolve' | 'incidents escalate',
  summary: string,
  details?: string[],
): CommandSpec => ({
  summary,
  usage: `tocsin ${name} INCIDENT_ID`,
  details,
  options: {},
  positionals: ['INCIDENT_ID'],
  build: (_values, [id]) => ({ name, id: uuid(id as string, 'INCIDENT_ID') }),
});

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** `--user` (a user id or their email, looked up by the command) or `--policy` (an escalation policy id): exactly one. */
function reassignCommand(usage: string): CommandSpec {
  return {
    summary: 'Reassign an incident to a person (paged at once) or an escalation policy (from level 1)',
    usage,
    details: [
      'The running escalation ends. --user: they become the assignee and are paged through their notification rules.',
      '--policy: the incident is unassigned and escalates on that policy from level 1. A resolved incident is refused.',
    ],
    options: { user: { type: 'string' }, policy: { type: 'string' } },
    positionals: ['INCIDENT_ID'],
    build: (values, [id]) => {
      const user = str(values.user);
      const policy = str(values.policy);
      if ((user === undefined) === (policy === undefined)) throw usageError('give exactly one of --user and --policy');
      if (user !== undefined && !UUID.test(user) && !EMAIL.test(user))
        throw usageError(`--user must be a user id or an email, got "${user}"`);
      return {
        name: 'incidents reassign',
        id: uuid(id as string, 'INCIDENT_ID'),
        ...(user !== undefined ? { user: UUID.test(user) ? user.toLowerCase() : user } : {}),
        ...(policy !== undefined ? { policy: uuid(policy, '--policy') } : {}),
      };
    },
  };
}

/** `INCIDENT_ID DURATION` (`30m`, `1h30m`, `90s`; a bare number is minutes), a minute to a day. */
function snoozeCommand(usage: string, summary: string): CommandSpec {
  return {
    summary,
    usage,
    details: [
      'Only an acknowledged (investigating) incident. When the snooze ends it goes back to active and pages again from level 1,',
      'unless it was resolved or mitigated meanwhile. DURATION: 30m, 1h30m, 90s, 2h (a bare number is minutes), from 1m to 24h.',
    ],
    options: {},
    positionals: ['INCIDENT_ID', 'DURATION'],
    build: (_values, [id, duration]) => {
      const seconds = parseDuration(duration as string);
      if (seconds === null) throw usageError(`DURATION must look like 30m, 1h30m or 90s, got "${duration}"`);
      if (seconds < MIN_SNOOZE_SECONDS || seconds > MAX_SNOOZE_SECONDS)
        throw usageError(`DURATION must be from 1m to 24h, got "${duration}"`);
      return { name: 'incidents snooze', id: uuid(id as string, 'INCIDENT_ID'), seconds };
    },
  };
}

export const COMMANDS: Record<string, CommandSpec> = {
  login: {
    summary: 'Save the server address and an API key (checked against the server)',
    usage: 'tocsin login --url URL --api-key KEY',
    details: [
      'The API key needs the permissions of the commands you use (e.g. incidents:read, executions:update).',
      'Saved in the user configuration directory (mode 0600); TOCSIN_URL and TOCSIN_API_KEY override it.',
    ],
    options: { url: { type: 'string' }, 'api-key': { type: 'string' } },
    positionals: [],
    build: (values) => {
      const url = required(values, 'url');
      if (!/^https?:\/\/[^\s/]/.test(url)) throw usageError(`--url must be an http:// or https:// address, got "${url}"`);
      return { name: 'login', url, apiKey: required(values, 'api-key') };
    },
  },
  logout: {
    summary: 'Forget the saved server and API key',
    usage: 'tocsin logout',
    options: {},
    positionals: [],
    build: () => ({ name: 'logout' }),
  },
  'incidents list': {
    summary: 'List incidents, newest first',
    usage: 'tocsin incidents list [--status S] [--severity S] [--search TEXT] [--limit N] [--offset N]',
    details: [`--status: ${INCIDENT_STATUSES.join(', ')}`, `--severity: ${SEVERITIES.join(', ')}`, '--limit: 1 to 100 (default 25)'],
    options: {
      status: { type: 'string' },
      severity: { type: 'string' },
      search: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
    },
    positionals: [],
    build: (values) => ({
      name: 'incidents list',
      status: oneOf(str(values.status), INCIDENT_STATUSES, '--status'),
      severity: oneOf(str(values.severity), SEVERITIES, '--severity'),
      search: str(values.search),
      limit: integer(str(values.limit), '--limit', 25, 1, 100),
      offset: integer(str(values.offset), '--offset', 0, 0, Number.MAX_SAFE_INTEGER),
    }),
  },
  'incidents show': idCommand('incidents show', 'Show an incident with its timeline'),
  'incidents ack': idCommand('incidents ack', 'Acknowledge an incident (status investigating)'),
  'incidents resolve': idCommand('incidents resolve', 'Resolve an incident'),
  'incidents escalate': idCommand('incidents escalate', "Page the incident's next escalation level now", [
    'Only while its escalation runs; acknowledging (incidents ack) stops it.',
  ]),
  'incidents reassign': reassignCommand('tocsin incidents reassign INCIDENT_ID (--user ID|EMAIL | --policy ID)'),
  'incidents snooze': snoozeCommand(
    'tocsin incidents snooze INCIDENT_ID DURATION',
    'Snooze an acknowledged incident: it pages again when the snooze ends',
  ),
  snooze: snoozeCommand('tocsin snooze INCIDENT_ID DURATION', 'Snooze an acknowledged incident; short for incidents snooze'),
  ack: {
    ...idCommand('incidents ack', 'Acknowledge an incident (stops its escalation); short for incidents ack'),
    usage: 'tocsin ack INCIDENT_ID',
  },
  escalate: {
    ...idCommand('incidents escalate', "Page the incident's next escalation level now; short for incidents escalate"),
    usage: 'tocsin escalate INCIDENT_ID',
  },
  reassign: {
    ...reassignCommand('tocsin reassign INCIDENT_ID (--user ID|EMAIL | --policy ID)'),
    summary: 'Reassign an incident to a person or an escalation policy; short for incidents reassign',
  },
  'incidents watch': {
    summary: 'Print incident, alert and execution events live (WebSocket) until Ctrl-C',
    usage: 'tocsin incidents watch',
    details: ['With --json, one JSON event per line: {type, data, organization_id, timestamp}.'],
    options: {},
    positionals: [],
    build: () => ({ name: 'incidents watch' }),
  },
  'alert send': {
    summary: "Send an alert payload to an integration's webhook, signed with its secret",
    usage: 'tocsin alert send --integration ID --platform PLATFORM --file payload.json [--secret SECRET]',
    details: [
      `--platform: ${PLATFORMS.join(', ')}`,
      '--file -: read the payload from standard input',
      "The secret is the integration's webhook_secret: --secret, else TOCSIN_INTEGRATION_SECRET.",
      'Signed as the webhook verifies it: X-<Platform>-Signature: sha256=<HMAC-SHA256 of the body> (pager: v1=).',
    ],
    options: { integration: { type: 'string' }, platform: { type: 'string' }, file: { type: 'string' }, secret: { type: 'string' } },
    positionals: [],
    build: (values) => ({
      name: 'alert send',
      integration: uuid(required(values, 'integration'), '--integration'),
      platform: oneOf(required(values, 'platform'), PLATFORMS, '--platform') as Platform,
      file: required(values, 'file'),
      secret: str(values.secret),
    }),
  },
  'runbook list': {
    summary: 'List procedures (runbooks)',
    usage: 'tocsin runbook list [--limit N]',
    options: { limit: { type: 'string' } },
    positionals: [],
    build: (values) => ({ name: 'runbook list', limit: integer(str(values.limit), '--limit', 25, 1, 100) }),
  },
  'runbook run': {
    summary: 'Run a procedure and follow it step by step, live',
    usage: 'tocsin runbook run PROCEDURE [--incident ID] [--param key=value]... [--yes] [--notes TEXT]',
    details: [
      "PROCEDURE: the procedure's id or its exact name.",
      'Manual and approval steps are prompted for; --yes completes (approves) them without asking.',
      'Without a terminal and without --yes, waiting steps are left for someone else to complete.',
      'Exits 0 when the execution completes, 8 when it fails or is cancelled.',
    ],
    options: {
      incident: { type: 'string' },
      param: { type: 'string', multiple: true },
      yes: { type: 'boolean', short: 'y' },
      notes: { type: 'string' },
    },
    positionals: ['PROCEDURE'],
    build: (values, [procedure]) => ({
      name: 'runbook run',
      procedure: procedure as string,
      incident: str(values.incident) === undefined ? undefined : uuid(str(values.incident) as string, '--incident'),
      params: parseParams((values.param as string[] | undefined) ?? []),
      yes: values.yes === true,
      notes: str(values.notes),
    }),
  },
  'runbook priorities': {
    summary: 'The runbook each priority starts on incidents that open with it or are set to it',
    usage: 'tocsin runbook priorities',
    options: {},
    positionals: [],
    build: () => ({ name: 'runbook priorities' }),
  },
  'runbook priority': {
    summary: "Set a priority's runbook, or remove it with --none",
    usage: 'tocsin runbook priority P1..P5 (PROCEDURE [--auto-approve] [--keep-open] | --none)',
    details: [
      "PROCEDURE: the procedure's id or its exact name. It starts when an incident opens with the priority or is set to it,",
      "once per incident; a routing rule's own runbook wins. Steps that change systems wait for approval unless --auto-approve;",
      'its success resolves the incident unless --keep-open.',
    ],
    options: { 'auto-approve': { type: 'boolean' }, 'keep-open': { type: 'boolean' }, none: { type: 'boolean' } },
    positionals: ['PRIORITY', '[PROCEDURE]'],
    build: (values, [priority, procedure]) => {
      const chosen = oneOf(priority, PRIORITIES, 'PRIORITY') as Priority;
      if (values.none === true && procedure !== undefined) throw usageError('give a PROCEDURE or --none, not both');
      if (values.none !== true && procedure === undefined) throw usageError('give a PROCEDURE, or --none to remove the runbook');
      if (values.none === true && (values['auto-approve'] !== undefined || values['keep-open'] !== undefined))
        throw usageError('--auto-approve and --keep-open go with a PROCEDURE');
      return {
        name: 'runbook priority',
        priority: chosen,
        ...(procedure !== undefined ? { procedure } : {}),
        autoApprove: values['auto-approve'] === true,
        resolveIncident: values['keep-open'] !== true,
      };
    },
  },
  search: {
    summary: 'Search incidents, procedures and articles by meaning and keywords',
    usage: 'tocsin search "TEXT" [--type T[,T...]] [--mode M] [--limit N]',
    details: [
      `--type: ${SEARCH_TYPES.join(', ')} (default: incident, procedure, article)`,
      `--mode: ${SEARCH_MODES.join(', ')} (default hybrid)`,
      '--limit: 1 to 50 (default 10)',
    ],
    options: { type: { type: 'string' }, mode: { type: 'string' }, limit: { type: 'string' } },
    positionals: ['TEXT'],
    build: (values, [query]) => ({
      name: 'search',
      query: query as string,
      types: str(values.type)
        ?.split(',')
        .map((type) => oneOf(type.trim(), SEARCH_TYPES, '--type') as string),
      mode: oneOf(str(values.mode), SEARCH_MODES, '--mode'),
      limit: integer(str(values.limit), '--limit', 10, 1, 50),
    }),
  },
  'silence list': {
    summary: 'List silences, newest first',
    usage: 'tocsin silence list [--status pending|active|expired] [--limit N]',
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    positionals: [],
    build: (values) => ({
      name: 'silence list',
      status: oneOf(str(values.status), SILENCE_STATUSES, '--status'),
      limit: integer(str(values.limit), '--limit', 25, 1, 100),
    }),
  },
  'role list': {
    summary: "List the organization's incident roles: commander, communications lead, scribe and custom ones",
    usage: 'tocsin role list',
    options: {},
    positionals: [],
    build: () => ({ name: 'role list' }),
  },
  'role assign': {
    summary: 'Put a member in an incident role on an incident (paged unless it is you)',
    usage: 'tocsin role assign INCIDENT_ID ROLE --user ID|EMAIL',
    details: [
      'ROLE: incident_commander, communications_lead, scribe, or a custom role key (tocsin role list). One holder per role:',
      'the previous one is replaced. A new holder is asked as a responder and paged through their notification rules, once per incident.',
    ],
    options: { user: { type: 'string' } },
    positionals: ['INCIDENT_ID', 'ROLE'],
    build: (values, [id, role]) => {
      const user = required(values, 'user');
      if (!UUID.test(user) && !EMAIL.test(user)) throw usageError(`--user must be a user id or an email, got "${user}"`);
      if (!ROLE_KEY.test(role as string)) throw usageError(`ROLE must be a role key such as incident_commander, got "${role}"`);
      return {
        name: 'role assign',
        id: uuid(id as string, 'INCIDENT_ID'),
        role: role as string,
        user: UUID.test(user) ? user.toLowerCase() : user,
      };
    },
  },
  'role unassign': {
    summary: 'Empty an incident role on an incident',
    usage: 'tocsin role unassign INCIDENT_ID ROLE',
    options: {},
    positionals: ['INCIDENT_ID', 'ROLE'],
    build: (_values, [id, role]) => {
      if (!ROLE_KEY.test(role as string)) throw usageError(`ROLE must be a role key such as incident_commander, got "${role}"`);
      return { name: 'role unassign', id: uuid(id as string, 'INCIDENT_ID'), role: role as string };
    },
  },
  'incidents priority': {
    summary: "Set an incident's priority (P1 most pressing to P5), or clear it with none",
    usage: 'tocsin incidents priority INCIDENT_ID P1|P2|P3|P4|P5|none',
    options: {},
    positionals: ['INCIDENT_ID', 'PRIORITY'],
    build: (_values, [id, priority]) => {
      const value = (priority as string).toUpperCase();
      if (value !== 'NONE' && !(PRIORITIES as readonly string[]).includes(value))
        throw usageError(`PRIORITY must be one of ${PRIORITIES.join(', ')} or none, got "${priority}"`);
      return {
        name: 'incidents priority',
        id: uuid(id as string, 'INCIDENT_ID'),
        priority: value === 'NONE' ? null : (value as (typeof PRIORITIES)[number]),
      };
    },
  },
  'incidents merge': {
    summary: 'Merge other incidents into this one (their alerts, timeline and responders); each source is resolved',
    usage: 'tocsin incidents merge INCIDENT_ID --source SOURCE_ID [--source SOURCE_ID]...',
    details: [
      `Up to ${MAX_MERGE_SOURCES} sources. Later alerts of a source's dedup keys land on INCIDENT_ID while it is open.`,
      'Undo one with tocsin incidents unmerge within 24 h.',
    ],
    options: { source: { type: 'string', multiple: true } },
    positionals: ['INCIDENT_ID'],
    build: (values, [id]) => {
      const sources = ((values.source as string[] | undefined) ?? []).map((source) => uuid(source, '--source'));
      if (sources.length === 0) throw usageError('--source is required (at least one incident to merge in)');
      if (sources.length > MAX_MERGE_SOURCES) throw usageError(`at most ${MAX_MERGE_SOURCES} --source at once`);
      return { name: 'incidents merge', id: uuid(id as string, 'INCIDENT_ID'), sources };
    },
  },
  'incidents unmerge': {
    summary: 'Undo the merge of SOURCE_ID into INCIDENT_ID (within 24 h): its alerts go back and it reopens as it was',
    usage: 'tocsin incidents unmerge INCIDENT_ID SOURCE_ID',
    options: {},
    positionals: ['INCIDENT_ID', 'SOURCE_ID'],
    build: (_values, [id, source]) => ({
      name: 'incidents unmerge',
      id: uuid(id as string, 'INCIDENT_ID'),
      source: uuid(source as string, 'SOURCE_ID'),
    }),
  },
  'incidents link': {
    summary: 'Link another incident to this one: related (default), caused_by or duplicate_of',
    usage: 'tocsin incidents link INCIDENT_ID OTHER_ID [--kind related|caused_by|duplicate_of]',
    details: ['INCIDENT_ID is --kind OTHER_ID: "A --kind caused_by B" reads "A is caused by B". Both incidents list the link.'],
    options: { kind: { type: 'string' } },
    positionals: ['INCIDENT_ID', 'OTHER_ID'],
    build: (values, [id, other]) => ({
      name: 'incidents link',
      id: uuid(id as string, 'INCIDENT_ID'),
      other: uuid(other as string, 'OTHER_ID'),
      kind: oneOf(str(values.kind), INCIDENT_LINK_KINDS, '--kind') ?? 'related',
    }),
  },
  'incidents links': {
    summary: 'Incidents linked to this one, from either side',
    usage: 'tocsin incidents links INCIDENT_ID',
    options: {},
    positionals: ['INCIDENT_ID'],
    build: (_values, [id]) => ({ name: 'incidents links', id: uuid(id as string, 'INCIDENT_ID') }),
  },
  'incidents unlink': {
    summary: 'Remove a link (from either of its incidents)',
    usage: 'tocsin incidents unlink INCIDENT_ID LINK_ID',
    options: {},
    positionals: ['INCIDENT_ID', 'LINK_ID'],
    build: (_values, [id, link]) => ({
      name: 'incidents unlink',
      id: uuid(id as string, 'INCIDENT_ID'),
      link: uuid(link as string, 'LINK_ID'),
    }),
  },
  'responders add': {
    summary: 'Ask people, schedules (their on-call now) or escalation policies (their first level) to help on an incident',
    usage: 'tocsin responders add INCIDENT_ID [--user ID|EMAIL]... [--schedule ID]... [--policy ID]... [--message TEXT]',
    details: [
      'Each person is asked once per incident and paged through their own notification rules until they accept or decline.',
      'Someone asked before (even if they declined) is not asked again. Give at least one --user, --schedule or --policy.',
    ],
    options: {
      user: { type: 'string', multiple: true },
      schedule: { type: 'string', multiple: true },
      policy: { type: 'string', multiple: true },
      message: { type: 'string' },
    },
    positionals: ['INCIDENT_ID'],
    build: (values, [id]) => {
      const users = (values.user as string[] | undefined) ?? [];
      const schedules = ((values.schedule as string[] | undefined) ?? []).map((value) => uuid(value, '--schedule'));
      const policies = ((values.policy as string[] | undefined) ?? []).map((value) => uuid(value, '--policy'));
      if (users.length + schedules.length + policies.length === 0) throw usageError('give at least one --user, --schedule or --policy');
      for (const user of users)
        if (!UUID.test(user) && !EMAIL.test(user)) throw usageError(`--user must be a user id or an email, got "${user}"`);
      const message = str(values.message);
      return {
        name: 'responders add',
        id: uuid(id as string, 'INCIDENT_ID'),
        users: users.map((user) => (UUID.test(user) ? user.toLowerCase() : user)),
        schedules,
        policies,
        ...(message ? { message } : {}),
      };
    },
  },
  'silence add': {
    summary: 'Mute the alerts the matchers catch, from now, for a while',
    usage: 'tocsin silence add --matcher M [--matcher M]... --for DURATION --comment TEXT',
    details: [
      'M: a matcher in Alertmanager syntax over labels, severity, platform and integration, e.g. alertname="DiskFull" or instance=~"db-.*".',
      'DURATION: minutes, hours or days, e.g. 30m, 2h, 1d. Muted alerts are still stored; resolves still resolve.',
    ],
    options: { matcher: { type: 'string', multiple: true }, for: { type: 'string' }, comment: { type: 'string' } },
    positionals: [],
    build: (values) => {
      const matchers = (values.matcher as string[] | undefined) ?? [];
      if (matchers.length === 0) throw usageError('--matcher is required (at least one)');
      const comment = str(values.comment);
      if (!comment) throw usageError('--comment is required: say why, for whoever wonders where the alerts went');
      return { name: 'silence add', matchers, durationMinutes: duration(str(values.for), '--for'), comment };
    },
  },
  'silence expire': {
    summary: 'End a silence now (its muted alerts stay stored)',
    usage: 'tocsin silence expire SILENCE_ID',
    options: {},
    positionals: ['SILENCE_ID'],
    build: (_values, [id]) => ({ name: 'silence expire', id: uuid(id as string, 'SILENCE_ID') }),
  },
  'heartbeat list': {
    summary: "List heartbeats (dead man's switches): status, period, last ping, deadline",
    usage: 'tocsin heartbeat list [--limit N]',
    options: { limit: { type: 'string' } },
    positionals: [],
    build: (values) => ({ name: 'heartbeat list', limit: integer(str(values.limit), '--limit', 25, 1, 100) }),
  },
  'heartbeat create': {
    summary: 'Create a heartbeat; prints its ping URL once',
    usage: 'tocsin heartbeat create NAME --integration INTEGRATION_ID --period DURATION [--grace DURATION]',
    details: [
      'DURATION: seconds, minutes, hours or days, e.g. 90s, 5m, 1h, 1d. With no ping for period + grace an incident opens',
      "through the integration's routing; the next ping resolves it. Grace defaults to 60s.",
    ],
    options: { integration: { type: 'string' }, period: { type: 'string' }, grace: { type: 'string' } },
    positionals: ['NAME'],
    build: (values, [name]) => ({
      name: 'heartbeat create',
      heartbeatName: name as string,
      integration: uuid(required(values, 'integration'), '--integration'),
      periodSeconds: durationSeconds(required(values, 'period'), '--period'),
      graceSeconds: values.grace === undefined ? undefined : durationSeconds(str(values.grace), '--grace', 0),
    }),
  },
  'heartbeat ping': {
    summary: 'Ping a heartbeat by its ping URL (or its token, on the saved server)',
    usage: 'tocsin heartbeat ping PING_URL_OR_TOKEN',
    details: ['Needs no API key: the URL\'s secret is the credential. In cron: `backup && tocsin heartbeat ping "$URL"`.'],
    options: {},
    positionals: ['PING_URL_OR_TOKEN'],
    build: (_values, [target]) => ({ name: 'heartbeat ping', target: target as string }),
  },
  'team list': {
    summary: 'List teams: members, schedules, default escalation policy',
    usage: 'tocsin team list [--limit N]',
    options: { limit: { type: 'string' } },
    positionals: [],
    build: (values) => ({ name: 'team list', limit: integer(str(values.limit), '--limit', 25, 1, 100) }),
  },
  'team create': {
    summary: 'Create a team',
    usage: 'tocsin team create NAME [--member USER_ID]... [--default-policy POLICY_ID]',
    details: ["--default-policy: what the team's integrations page when no routing rule matches and they name no policy."],
    options: { member: { type: 'string', multiple: true }, 'default-policy': { type: 'string' } },
    positionals: ['NAME'],
    build: (values, [name]) => ({
      name: 'team create',
      teamName: name as string,
      members: ((values.member as string[] | undefined) ?? []).map((id) => uuid(id, '--member')),
      defaultPolicy: values['default-policy'] === undefined ? undefined : uuid(str(values['default-policy']) as string, '--default-policy'),
    }),
  },
  'team add-member': {
    summary: 'Add a member to a team (or change their role)',
    usage: 'tocsin team add-member TEAM_ID USER_ID [--role member|manager]',
    options: { role: { type: 'string' } },
    positionals: ['TEAM_ID', 'USER_ID'],
    build: (values, [teamId, userId]) => {
      const role = str(values.role) ?? 'member';
      if (role !== 'member' && role !== 'manager') throw usageError(`--role must be member or manager; got "${role}"`);
      return { name: 'team add-member', teamId: uuid(teamId as string, 'TEAM_ID'), userId: uuid(userId as string, 'USER_ID'), role };
    },
  },
  'update post': {
    summary: 'Post a status update on an incident (investigating, identified, monitoring, resolved)',
    usage: 'tocsin update post INCIDENT_ID --kind KIND --message TEXT [--public [--title PUBLIC_NAME]]',
    details: [
      "Internal by default: the timeline, the incident's chat feeds and its member subscribers. --public also puts it on the",
      "status page and mails the page's subscribers; --title names the incident there (its own title is never published).",
    ],
    options: { kind: { type: 'string' }, message: { type: 'string' }, public: { type: 'boolean' }, title: { type: 'string' } },
    positionals: ['INCIDENT_ID'],
    build: (values, [incident]) => {
      const message = required(values, 'message');
      if (!message.trim()) throw usageError('--message must not be blank');
      if (values.title !== undefined && !values.public)
        throw usageError('--title names the incident on the status page: give it with --public');
      return {
        name: 'update post',
        incident: uuid(incident as string, 'INCIDENT_ID'),
        kind: oneOf(required(values, 'kind'), STATUS_UPDATE_KINDS, '--kind') as StatusUpdateKind,
        message,
        visibility: values.public ? 'public' : 'internal',
        ...(values.title !== undefined ? { title: str(values.title) } : {}),
      };
    },
  },
  'update list': {
    summary: "An incident's status updates, newest first",
    usage: 'tocsin update list INCIDENT_ID',
    options: {},
    positionals: ['INCIDENT_ID'],
    build: (_values, [incident]) => ({ name: 'update list', incident: uuid(incident as string, 'INCIDENT_ID') }),
  },
  'postmortem create': {
    summary: "Draft an incident's postmortem from its records (timeline, pages, runbooks, status updates)",
    usage: 'tocsin postmortem create INCIDENT_ID [--title TEXT]',
    details: ['An incident has one postmortem: a second create is refused (exit 6). Edit the Markdown in the console.'],
    options: { title: { type: 'string' } },
    positionals: ['INCIDENT_ID'],
    build: (values, [incident]) => {
      const title = str(values.title);
      if (title !== undefined && !title.trim()) throw usageError('--title must not be blank');
      return { name: 'postmortem create', incident: uuid(incident as string, 'INCIDENT_ID'), ...(title !== undefined ? { title } : {}) };
    },
  },
  'postmortem show': {
    summary: "An incident's postmortem: status, action items and its Markdown",
    usage: 'tocsin postmortem show INCIDENT_ID',
    options: {},
    positionals: ['INCIDENT_ID'],
    build: (_values, [incident]) => ({ name: 'postmortem show', incident: uuid(incident as string, 'INCIDENT_ID') }),
  },
  'postmortem export': {
    summary: 'The postmortem as Markdown, with its action items as a task list, on stdout',
    usage: 'tocsin postmortem export INCIDENT_ID > postmortem.md',
    options: {},
    positionals: ['INCIDENT_ID'],
    build: (_values, [incident]) => ({ name: 'postmortem export', incident: uuid(incident as string, 'INCIDENT_ID') }),
  },
  'postmortem action add': {
    summary: 'Add an action item to the postmortem (owner, due date)',
    usage: 'tocsin postmortem action add INCIDENT_ID --title TEXT [--owner USER_ID] [--due YYYY-MM-DD]',
    details: ['--owner: a member of the organization.'],
    options: { title: { type: 'string' }, owner: { type: 'string' }, due: { type: 'string' } },
    positionals: ['INCIDENT_ID'],
    build: (values, [incident]) => {
      const title = required(values, 'title');
      if (!title.trim()) throw usageError('--title must not be blank');
      const due = str(values.due);
      if (due !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(due) || Number.isNaN(Date.parse(due))))
        throw usageError(`--due must be a date such as 2026-12-24; got "${due}"`);
      const owner = str(values.owner);
      return {
        name: 'postmortem action add',
        incident: uuid(incident as string, 'INCIDENT_ID'),
        title,
        ...(owner !== undefined ? { owner: uuid(owner, '--owner') } : {}),
        ...(due !== undefined ? { due } : {}),
      };
    },
  },
  'postmortem action done': {
    summary: 'Mark an action item done (or not done again, with --undo)',
    usage: 'tocsin postmortem action done INCIDENT_ID ITEM_ID [--undo]',
    options: { undo: { type: 'boolean' } },
    positionals: ['INCIDENT_ID', 'ITEM_ID'],
    build: (values, [incident, item]) => ({
      name: 'postmortem action done',
      incident: uuid(incident as string, 'INCIDENT_ID'),
      item: uuid(item as string, 'ITEM_ID'),
      done: values.undo !== true,
    }),
  },
  'contact list': {
    summary: 'Your contact methods: how escalations page you',
    usage: 'tocsin contact list',
    options: {},
    positionals: [],
    build: () => ({ name: 'contact list' }),
  },
  'contact add': {
    summary: 'Add a contact method; a code is sent through it to confirm it',
    usage: 'tocsin contact add KIND ADDRESS [--label TEXT] [--server URL] [--access-token tk_...]',
    details: [
      `KIND: ${CONTACT_KINDS.join(', ')}.`,
      'ADDRESS: an email address; a webhook URL; a push (ntfy) topic; a phone number in E.164 form (+14155550100) for sms and',
      '  voice; a Slack member or channel id (U…, C…); a Matrix user, room id or alias (@alice:example.org).',
      "--server, --access-token: push only: your ntfy server (default: the organization's, else ntfy.sh) and a token",
      '  with write access to the topic.',
      'A 6-digit code is sent through the method (email: a link is mailed). At a terminal you are asked for it; otherwise',
      '  confirm with `tocsin contact verify ID CODE`. An unverified method is never paged.',
      'Changing contact methods needs a signed-in member, not an API key: set TOCSIN_ACCESS_TOKEN (see the CLI guide).',
    ],
    options: { label: { type: 'string' }, server: { type: 'string' }, 'access-token': { type: 'string' } },
    positionals: ['KIND', 'ADDRESS'],
    build: (values, [kind, address]) => {
      const server = str(values.server);
      const accessToken = str(values['access-token']);
      const type = oneOf(kind, CONTACT_KINDS, 'KIND') as (typeof CONTACT_KINDS)[number];
      if ((server || accessToken) && type !== 'push') throw usageError('--server and --access-token are for push (ntfy) methods only');
      return { name: 'contact add', kind: type, address: address as string, label: str(values.label), server, accessToken };
    },
  },
  'contact verify': {
    summary: 'Confirm a contact method with the 6-digit code it received',
    usage: 'tocsin contact verify CONTACT_METHOD_ID CODE',
    details: ['The code lasts 15 minutes and 5 tries; `tocsin contact resend` sends a new one.'],
    options: {},
    positionals: ['CONTACT_METHOD_ID', 'CODE'],
    build: (_values, [id, code]) => {
      if (!/^\d{6}$/.test(code as string)) throw usageError(`CODE is the 6 digits the method received; got "${code}"`);
      return { name: 'contact verify', id: uuid(id as string, 'CONTACT_METHOD_ID'), code: code as string };
    },
  },
  'contact resend': {
    summary: 'Send a new code (or mail a new link) to an unverified contact method',
    usage: 'tocsin contact resend CONTACT_METHOD_ID',
    options: {},
    positionals: ['CONTACT_METHOD_ID'],
    build: (_values, [id]) => ({ name: 'contact resend', id: uuid(id as string, 'CONTACT_METHOD_ID') }),
  },
  'contact test': {
    summary: 'Send a test page through a verified contact method, and say whether it went',
    usage: 'tocsin contact test CONTACT_METHOD_ID',
    options: {},
    positionals: ['CONTACT_METHOD_ID'],
    build: (_values, [id]) => ({ name: 'contact test', id: uuid(id as string, 'CONTACT_METHOD_ID') }),
  },
  oncall: {
    summary: 'Who is on call now (or at --at), for every schedule or one',
    usage: 'tocsin oncall [SCHEDULE] [--at TIME]',
    details: ["SCHEDULE: a schedule's id or its exact name (any case).", '--at: an RFC 3339 instant, e.g. 2026-12-24T22:00:00+01:00'],
    options: { at: { type: 'string' } },
    positionals: ['[SCHEDULE]'],
    build: (values, [schedule]) => ({ name: 'oncall', schedule, at: instant(str(values.at), '--at') }),
  },
};

const SILENCE_STATUSES = ['pending', 'active', 'expired'] as const;

/** `30m`, `2h`, `1d` as minutes: up to a year. */
function duration(value: string | undefined, flag: string): number {
  const match = value === undefined ? null : /^(\d{1,6})([mhd])$/.exec(value);
  const minutes = match ? Number(match[1]) * { m: 1, h: 60, d: 1440 }[match[2] as 'm' | 'h' | 'd'] : 0;
  if (minutes < 1 || minutes > 366 * 1440)
    throw usageError(`${flag} takes a duration such as 30m, 2h or 1d (up to a year); got "${value ?? ''}"`);
  return minutes;
}

/** `90s`, `5m`, `1h`, `1d` as seconds: from `min` up to 31 days. */
function durationSeconds(value: string | undefined, flag: string, min = 5): number {
  const match = value === undefined ? null : /^(\d{1,7})([smhd])$/.exec(value);
  const total = match ? Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as 's' | 'm' | 'h' | 'd'] : -1;
  if (total < min || total > 31 * 86_400)
    throw usageError(`${flag} takes a duration such as 90s, 5m, 1h or 1d (${min}s to 31d); got "${value ?? ''}"`);
  return total;
}

/** An RFC 3339 instant with its offset, as the API takes it. */
function instant(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value)))
    throw usageError(`${flag} must be an RFC 3339 instant such as 2026-12-24T22:00:00Z; got "${value}"`);
  return value;
}

const GROUPS: Record<string, string> = {
  incidents: 'List, show, acknowledge, resolve, watch, merge and link incidents (also: tocsin incident ...)',
  alert: 'Send alerts to an integration',
  runbook: "List and run procedures (runbooks); set each priority's runbook",
  silence: 'List, add and expire silences',
  contact: 'Your contact methods: add, verify, list and test them',
  heartbeat: "Heartbeats (dead man's switches): list, create and ping them",
  team: 'Teams: list and create them, add members',
  update: 'Status updates of incidents: post and list them',
  postmortem: 'Postmortems of incidents: draft, show and export them; add and complete action items',
  'postmortem action': "A postmortem's action items: add them, mark them done",
};

const GLOBAL_OPTIONS: Options = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };

/**
 * `--secret -x2S...` as `--secret=-x2S...`: generated secrets and matcher values may start with a
 * dash, which parseArgs would otherwise take for an option. A following token that names one of
 * the command's options (`--json`, `-h`) is never taken as a value.
 */
function attachDashValues(args: string[], options: Options): string[] {
  const known = new Set(Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]));
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const option = arg.startsWith('--') ? options[arg.slice(2)] : undefined;
    if (option?.type === 'string' && next !== undefined && next.startsWith('-') && next !== '-' && !known.has(next)) {
      out.push(`${arg}=${next}`);
      i += 1;
    } else out.push(arg);
  }
  return out;
}

/** Parses `argv` (without the node and script entries) into the command to run. */
export function parseCommandLine(argv: string[]): Invocation {
  const json = argv.includes('--json');
  const words: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('-')) break;
    words.push(arg);
  }
  // `tocsin incident merge ...` reads as `tocsin incidents merge ...`.
  if (words[0] === 'incident') {
    words[0] = 'incidents';
    argv = ['incidents', ...argv.slice(1)];
  }
  if (words[0] === 'help') return { command: { name: 'help', path: words.slice(1) }, json };
  if (words[0] === 'version' || argv[0] === '--version' || argv[0] === '-v') return { command: { name: 'version' }, json };
  // The longest known command (or else group) the words start with: `postmortem action add`, `update post`, `postmortem action`.
  const prefixes = [3, 2, 1].map((length) => words.slice(0, length)).filter((candidate) => candidate.length > 0);
  const path =
    prefixes.find((candidate) => COMMANDS[candidate.join(' ')]) ??
    prefixes.find((candidate) => GROUPS[candidate.join(' ')] !== undefined) ??
    words.slice(0, 1);
  const key = path.join(' ');
  const spec = COMMANDS[key];
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (!spec) {
    const group = GROUPS[key] !== undefined;
    if (group && words.length > path.length)
      throw usageError(`unknown command "${words.slice(0, path.length + 1).join(' ')}"; see tocsin ${key} --help`);
    if (key === '' || (group && wantsHelp)) return { command: { name: 'help', path }, json };
    if (group) throw usageError(`tocsin ${key} needs a subcommand\n\n${helpText([key])}`);
    throw usageError(`unknown command "${words[0]}"; see tocsin --help`);
  }
  if (wantsHelp) return { command: { name: 'help', path }, json };
  let parsed: { values: Values; positionals: string[] };
  try {
    const options = { ...spec.options, ...GLOBAL_OPTIONS };
    parsed = parseArgs({
      args: attachDashValues(argv.slice(path.length), options),
      options,
      allowPositionals: true,
      strict: true,
    }) as typeof parsed;
  } catch (error) {
    throw usageError(`${(error as Error).message}\nusage: ${spec.usage}`);
  }
  const required = spec.positionals.filter((name) => !name.startsWith('[')).length;
  if (parsed.positionals.length < required || parsed.positionals.length > spec.positionals.length) {
    const expected = spec.positionals.length === 0 ? 'no arguments' : spec.positionals.join(' ');
    throw usageError(`tocsin ${key} takes ${expected}\nusage: ${spec.usage}`);
  }
  return { command: spec.build(parsed.values, parsed.positionals), json };
}

/** `--help` text for the whole CLI, a group (`incidents`) or one command. */
export function helpText(path: string[]): string {
  const key = path.join(' ');
  const spec = COMMANDS[key];
  if (spec) {
    return [
      `${spec.summary}\n`,
      `usage: ${spec.usage} [--json]`,
      ...(spec.details?.length ? ['', ...spec.details.map((line) => `  ${line}`)] : []),
    ].join('\n');
  }
  const group = GROUPS[key] ? key : undefined;
  const entries = Object.entries(COMMANDS).filter(([name]) => (group ? name.startsWith(`${group} `) : true));
  const width = Math.max(...entries.map(([name]) => name.length));
  return [
    group ? `${GROUPS[group]}\n` : 'tocsin: the Tocsin command line\n',
    `usage: tocsin ${group ?? '<command>'} ${group ? '<subcommand> ' : ''}[options] [--json]\n`,
    'commands:',
    ...entries.map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    '',
    'Every command takes --help and --json. Exit codes: 0 ok, 1 error, 2 usage, 3 not logged in or',
    'credential refused, 4 permission denied, 5 not found, 6 rejected by the API, 7 server unreachable',
    'or busy, 8 runbook failed or cancelled, 130 interrupted.',
  ].join('\n');
}
