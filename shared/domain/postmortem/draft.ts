// The postmortem draft generated from an incident's snapshot: no I/O.
import { STATUS_UPDATE_LABELS } from '../status-page.ts';
import { formatDuration, formatTime, inline, table } from './format.ts';
import { POSTMORTEM_CONTENT_MAX, POSTMORTEM_LIST_LIMIT, type PostmortemSnapshot } from './snapshot.ts';

/** A section's rows, cut at the limit with a line saying how many more there were. */
function limited<T>(items: readonly T[], render: (items: readonly T[]) => string[], total = items.length): string[] {
  const shown = items.slice(0, POSTMORTEM_LIST_LIMIT);
  const lines = render(shown);
  if (total > shown.length) lines.push('', `_…and ${total - shown.length} more._`);
  return lines;
}

const or = (value: string | null | undefined, fallback: string) => (value ? inline(value) : fallback);
const since = (from: Date, to: Date | null) => (to ? formatDuration(to.getTime() - from.getTime()) : '—');

function summary(snapshot: PostmortemSnapshot): string[] {
  const { incident } = snapshot;
  const service = incident.integrationName ? `${inline(incident.integrationName)} (${inline(incident.source)})` : inline(incident.source);
  return [
    '## Summary',
    '',
    ...table(
      ['Field', 'Value'],
      [
        ['Incident', inline(incident.title)],
        ['Severity', incident.severity],
        ['Priority', incident.priority ?? '—'],
        ['Service', service],
        ['Routing rule', or(incident.routingRuleName, '—')],
        ['Status', inline(incident.status)],
        ['Alerts', String(snapshot.alertCount)],
      ],
    ),
    ...(incident.description ? ['', inline(incident.description)] : []),
  ];
}

function keyTimes(snapshot: PostmortemSnapshot): string[] {
  const { incident } = snapshot;
  const acknowledged = incident.acknowledgedAt
    ? `${formatTime(incident.acknowledgedAt)}${incident.acknowledgedBy ? ` by ${inline(incident.acknowledgedBy)}` : ''}`
    : 'not acknowledged';
  return [
    '## Key times',
    '',
    `- **Opened:** ${formatTime(incident.createdAt)}`,
    `- **Acknowledged:** ${acknowledged}`,
    `- **Resolved:** ${incident.resolvedAt ? formatTime(incident.resolvedAt) : 'not resolved'}`,
    `- **Time to acknowledge:** ${since(incident.createdAt, incident.acknowledgedAt)}`,
    `- **Time to resolve:** ${since(incident.createdAt, incident.resolvedAt)}`,
  ];
}

function roles(snapshot: PostmortemSnapshot): string[] {
  if (snapshot.roles.length === 0) return ['## Roles', '', 'Nobody held a role.'];
  return [
    '## Roles',
    '',
    ...snapshot.roles.map(
      (role) => `- **${inline(role.roleName)}:** ${or(role.userName, 'a former member')} (since ${formatTime(role.assignedAt)})`,
    ),
  ];
}

function pages(snapshot: PostmortemSnapshot): string[] {
  if (snapshot.pages.length === 0) return ['## Pages', '', 'Nobody was paged.'];
  return [
    '## Pages',
    '',
    ...limited(snapshot.pages, (shown) =>
      table(
        ['Time', 'Who', 'Channel', 'Level', 'Outcome'],
        shown.map((page) => [
          formatTime(page.sentAt ?? page.createdAt),
          inline(page.userName),
          inline(page.method),
          `${page.level} (round ${page.round})`,
          inline(page.status),
        ]),
      ),
    ),
    '',
    snapshot.incident.acknowledgedAt
      ? `Acknowledged${snapshot.incident.acknowledgedBy ? ` by ${inline(snapshot.incident.acknowledgedBy)}` : ''} at ${formatTime(snapshot.incident.acknowledgedAt)}.`
      : 'Nobody acknowledged.',
  ];
}

function alerts(snapshot: PostmortemSnapshot): string[] {
  if (snapshot.alerts.length === 0) return ['## Alerts', '', 'No alerts: the incident was opened by hand.'];
  return [
    '## Alerts',
    '',
    ...limited(
      snapshot.alerts,
      (shown) =>
        table(
          ['Received', 'Alert', 'Severity', 'Host', 'Status'],
          shown.map((alert) => [
            formatTime(alert.receivedAt),
            inline(alert.title),
            alert.severity,
            or(alert.host, '—'),
            inline(alert.status),
          ]),
        ),
      snapshot.alertCount,
    ),
  ];
}

function executions(snapshot: PostmortemSnapshot): string[] {
  if (snapshot.executions.length === 0) return ['## Runbook executions', '', 'No runbook ran.'];
  return [
    '## Runbook executions',
    '',
    ...table(
      ['Runbook', 'Started', 'Finished', 'Outcome', 'Started by'],
      snapshot.executions.map((run) => [
        inline(run.procedureName),
        formatTime(run.startedAt),
        run.completedAt ? formatTime(run.completedAt) : '—',
        inline(run.status),
        run.byRoutingRule ? 'a routing rule' : or(run.startedBy, '—'),
      ]),
    ),
  ];
}

function statusUpdates(snapshot: PostmortemSnapshot): string[] {
  if (snapshot.statusUpdates.length === 0) return ['## Status updates', '', 'No status update was posted.'];
  return [
    '## Status updates',
    '',
    ...snapshot.statusUpdates.map((update) => {
      const who = update.authorName ? ` by ${inline(update.authorName)}` : '';
      const title = update.title ? ` "${inline(update.title)}"` : '';
      return `- ${formatTime(update.createdAt)} **${STATUS_UPDATE_LABELS[update.kind]}** (${update.visibility})${title}${who}: ${inline(update.body, 2_000)}`;
    }),
  ];
}

function timeline(snapshot: PostmortemSnapshot): string[] {
  if (snapshot.timeline.length === 0) return ['## Timeline', '', 'Nothing happened on the timeline.'];
  return [
    '## Timeline',
    '',
    ...limited(
      snapshot.timeline,
      (shown) =>
        shown.map(
          (entry) => `- ${formatTime(entry.createdAt)} ${inline(entry.message)}${entry.actorName ? ` (${inline(entry.actorName)})` : ''}`,
        ),
      Math.max(snapshot.timelineCount, snapshot.timeline.length),
    ),
  ];
}

/** The sections the team writes; the draft leaves them as prompts. */
const TO_WRITE = [
  ['## Impact', '_Who was affected, how, and for how long._'],
  ['## Root cause', '_What caused the incident, and why it was not caught earlier._'],
  ['## Resolution', '_What ended it._'],
  ['## What went well', '_…_'],
  ['## What went wrong', '_…_'],
  ['## Lessons learned', '_…_'],
];

/** The title a new postmortem gets. */
export function draftTitle(snapshot: PostmortemSnapshot): string {
  return `Postmortem: ${snapshot.incident.title}`.slice(0, 300);
}

/** The Markdown a new postmortem starts from: what the incident's records say, then prompts for what they cannot. */
export function draftMarkdown(snapshot: PostmortemSnapshot): string {
  const sections = [
    summary(snapshot),
    keyTimes(snapshot),
    roles(snapshot),
    pages(snapshot),
    alerts(snapshot),
    executions(snapshot),
    statusUpdates(snapshot),
    timeline(snapshot),
    ...TO_WRITE,
  ];
  return fitted(`${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`);
}

const CUT_NOTE = "\n_The draft stops here: the incident's records run longer. See its timeline for the rest._\n";

/** The draft within POSTMORTEM_CONTENT_MAX: an incident with very long records is cut at a line break, saying so. */
function fitted(markdown: string, max = POSTMORTEM_CONTENT_MAX): string {
  if (markdown.length <= max) return markdown;
  const room = markdown.slice(0, max - CUT_NOTE.length);
  return `${room.slice(0, room.lastIndexOf('\n') + 1)}${CUT_NOTE}`;
}
