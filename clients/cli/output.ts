import type { components } from '../typescript/schema.d.ts';

// Human output of each command; pure, so the formatting is unit-tested. `--json` bypasses all of
// this and prints the API's own objects.

export type Incident = components['schemas']['Incident'];
export type IncidentDetail = components['schemas']['IncidentDetail'];
export type Execution = components['schemas']['Execution'];
export type ExecutionStep = components['schemas']['ExecutionStep'];
export type Procedure = components['schemas']['Procedure'];
export type SearchHit = components['schemas']['SearchHit'];
export type OnCall = components['schemas']['OnCall'];
export type Silence = components['schemas']['Silence'];
export type IncidentEscalation = components['schemas']['IncidentEscalation'];
export type Reassignment = components['schemas']['Reassignment'];

/** Columns padded to their widest cell; the last column is never padded (titles run long). */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** `2026-11-21T10:00:00.000Z` → `2026-11-21 10:00:00Z`: sortable, and short enough for a table. */
export const shortTime = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '-');

export function formatIncidentList(incidents: Incident[], total: number): string {
  if (incidents.length === 0) return 'No incidents.';
  const rows = incidents.map((incident) => [
    incident.id,
    incident.status,
    incident.severity,
    String(incident.alert_count),
    shortTime(incident.created_at),
    incident.title,
  ]);
  const shown = incidents.length < total ? `\n(${incidents.length} of ${total}; use --limit and --offset for more)` : '';
  return `${table(['ID', 'STATUS', 'SEVERITY', 'ALERTS', 'CREATED', 'TITLE'], rows)}${shown}`;
}

export function formatIncidentDetail(incident: IncidentDetail): string {
  const fields: Array<[string, string]> = [
    ['id', incident.id],
    ['title', incident.title],
    ['status', incident.status],
    ['severity', incident.severity],
    ['source', incident.source],
    ['alerts', String(incident.alert_count)],
    ['assignee', incident.assignee_id ?? '-'],
    ['tags', incident.tags.length ? incident.tags.join(', ') : '-'],
    ['created', shortTime(incident.created_at)],
    ['acknowledged', shortTime(incident.acknowledged_at)],
    ['resolved', shortTime(incident.resolved_at)],
  ];
  const width = Math.max(...fields.map(([name]) => name.length));
  const lines = fields.map(([name, value]) => `${`${name}:`.padEnd(width + 1)} ${value}`);
  if (incident.description) lines.push('', incident.description);
  if (incident.timeline.length) {
    lines.push('', 'timeline:');
    for (const entry of incident.timeline) lines.push(`  ${shortTime(entry.created_at)}  ${entry.type.padEnd(16)}  ${entry.message}`);
  }
  return lines.join('\n');
}

export function formatProcedureList(procedures: Procedure[]): string {
  if (procedures.length === 0) return 'No procedures.';
  return table(
    ['ID', 'STEPS', 'NAME'],
    procedures.map((procedure) => [procedure.id, String(procedure.steps.length), procedure.name]),
  );
}

/** One line per step change while following an execution: `[2/3] Restart web (manual): waiting`. */
export function formatStepLine(step: ExecutionStep, total: number): string {
  const notes = step.notes ? ` (${step.notes})` : '';
  return `[${step.position + 1}/${total}] ${step.name} (${step.type}): ${step.status}${notes}`;
}

export function formatExecutionSummary(execution: Execution): string {
  return `execution ${execution.id} ${execution.status}${execution.completed_at ? ` at ${shortTime(execution.completed_at)}` : ''}`;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/** Search snippets are HTML (escaped text, `<em>` around matches): plain text for a terminal. */
export function plainText(html: string): string {
  return html.replace(/<\/?em>/g, '').replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

export function formatSearchHits(hits: SearchHit[]): string {
  if (hits.length === 0) return 'Nothing found.';
  return hits
    .map(
      (hit) =>
        `${hit.type.padEnd(9)} ${hit.score.toFixed(3)}  ${hit.title}\n          ${hit.id}\n          ${plainText(hit.snippet).replace(/\s+/g, ' ').slice(0, 200)}`,
    )
    .join('\n');
}

/**
 * One line per WebSocket event for `incidents watch`. Incident and alert events carry
 * `data.incident` (plus `previous_status` or `alert_id`), execution events `data.execution`.
 */
export function formatEvent(event: { type: string; data: Record<string, unknown>; timestamp: string }): string {
  const field = (key: string) =>
    event.data[key] && typeof event.data[key] === 'object' ? (event.data[key] as Record<string, unknown>) : undefined;
  const text = (object: Record<string, unknown> | undefined, key: string) =>
    typeof object?.[key] === 'string' ? (object[key] as string) : '';
  const incident = field('incident');
  const execution = field('execution');
  let detail: string;
  if (incident) {
    const change = typeof event.data.previous_status === 'string' ? ` (was ${event.data.previous_status})` : '';
    const alert = typeof event.data.alert_id === 'string' ? ` alert ${event.data.alert_id}` : '';
    detail = `${text(incident, 'id')} [${text(incident, 'severity')}/${text(incident, 'status')}${change}] ${text(incident, 'title')}${alert}`;
  } else if (execution) {
    detail = `${text(execution, 'id')} ${text(execution, 'procedure_name')}: ${text(execution, 'status')}`;
  } else {
    detail = JSON.stringify(event.data).slice(0, 200);
  }
  return `${shortTime(event.timestamp)}  ${event.type.padEnd(23)}  ${detail}`;
}

/** Who is on call per schedule; `names` maps user ids to names where the caller may read members. */
export function formatOnCall(entries: OnCall[], names: ReadonlyMap<string, string>): string {
  if (entries.length === 0) return 'No schedules.';
  return table(
    ['SCHEDULE', 'UNTIL', 'ON CALL'],
    entries.map((entry) => [
      entry.schedule_name,
      entry.user_id ? shortTime(entry.end) : '-',
      entry.user_id ? `${names.get(entry.user_id) ?? entry.user_id}${entry.source === 'override' ? ' (override)' : ''}` : '(nobody: a gap)',
    ]),
  );
}

export function formatSilenceList(silences: Silence[]): string {
  if (silences.length === 0) return 'No silences.';
  return table(
    ['ID', 'STATUS', 'ENDS', 'MATCHERS'],
    silences.map((silence) => [silence.id, silence.status, shortTime(silence.ends_at), silence.matchers_text]),
  );
}

/** Where an incident's escalation stands, then one line per page sent. */
/** What a reassignment did: the new target and cycle, and where the ended escalation stood. */
export function formatReassignment(reassignment: Reassignment): string {
  const target = reassignment.user_id
    ? `user ${reassignment.user_id} (paged now)`
    : `escalation policy ${reassignment.escalation_policy_id} from level 1`;
  const previous = reassignment.previous
    ? `; the running escalation ended at level ${reassignment.previous.level ?? '-'} of round ${reassignment.previous.round ?? '-'}`
    : '; no escalation was running';
  return `reassigned to ${target}, escalation cycle ${reassignment.cycle}${previous}`;
}

export function formatEscalation(escalation: IncidentEscalation): string {
  const state = escalation.running
    ? `level ${escalation.level} of round ${escalation.round}${escalation.next_escalation_at ? `, next at ${shortTime(escalation.next_escalation_at)}` : ''}`
    : `ended${escalation.ended ? ` (${escalation.ended})` : ''}`;
  const pages = escalation.pages.map(
    (page) =>
      `  ${page.cycle > 1 ? `cycle ${page.cycle} ` : ''}round ${page.round} level ${page.level}: ${page.user_id} by ${page.method}, ${page.status} at ${shortTime(page.created_at)}`,
  );
  return [`escalation ${state}`, ...pages].join('\n');
}

/** What `POST /incidents/{id}/responders` answers, as the CLI reads it. */
export interface RespondersAdded {
  added: Array<{ user_id: string; user_name: string | null }>;
  already_asked: string[];
  nobody_on_call: string[];
}

export function formatRespondersAdded(result: RespondersAdded): string {
  const lines = result.added.map((responder) => `asked ${responder.user_name ?? responder.user_id} (paged now)`);
  if (result.already_asked.length > 0) lines.push(`already asked, not paged again: ${result.already_asked.join(', ')}`);
  if (result.nobody_on_call.length > 0) lines.push(`nobody on call now: ${result.nobody_on_call.join(', ')}`);
  return lines.length > 0 ? lines.join('\n') : 'nobody new to ask';
}
