import { draftMarkdown, draftTitle } from '../../../shared/domain/postmortem/draft.ts';
import { exportMarkdown, type ActionItemForExport } from '../../../shared/domain/postmortem/export.ts';
import { formatDuration, formatTime, inline } from '../../../shared/domain/postmortem/format.ts';
import { POSTMORTEM_CONTENT_MAX, POSTMORTEM_LIST_LIMIT, type PostmortemSnapshot } from '../../../shared/domain/postmortem/snapshot.ts';

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, 0) + minutes * 60_000);

/** A paged, acknowledged, remediated and resolved incident, each part overridable. */
function snapshot(override: Partial<PostmortemSnapshot> = {}, incident: Partial<PostmortemSnapshot['incident']> = {}): PostmortemSnapshot {
  return {
    incident: {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Checkout down',
      description: null,
      status: 'resolved',
      severity: 'critical',
      priority: 'P1',
      source: 'prometheus',
      integrationName: 'Shop metrics',
      routingRuleName: 'Web tier',
      createdAt: t(0),
      acknowledgedAt: t(4),
      acknowledgedBy: 'Ada',
      resolvedAt: t(62),
      ...incident,
    },
    alerts: [{ title: 'web-1 is down', severity: 'critical', status: 'resolved', host: 'web-1', receivedAt: t(0) }],
    alertCount: 1,
    pages: [{ userName: 'Ada', method: 'email', status: 'sent', level: 1, round: 1, createdAt: t(1), sentAt: t(1.5) }],
    executions: [
      { procedureName: 'Restart web', status: 'completed', startedAt: t(5), completedAt: t(9), startedBy: 'Ada', byRoutingRule: false },
    ],
    statusUpdates: [
      {
        kind: 'investigating',
        visibility: 'public',
        title: 'Checkout errors',
        body: 'Looking into it',
        authorName: 'Ada',
        createdAt: t(6),
      },
      { kind: 'identified', visibility: 'internal', title: null, body: 'Bad deploy', authorName: 'Ada', createdAt: t(20) },
    ],
    roles: [{ roleName: 'Incident commander', userName: 'Ada', assignedAt: t(3) }],
    timeline: [{ type: 'created', message: 'Incident opened', actorName: null, createdAt: t(0) }],
    timelineCount: 1,
    ...override,
  };
}

/** The lines of the section with that heading, up to the next one. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((line) => line !== '');
}

describe('formatTime', () => {
  it.each([
    [new Date('2026-11-29T10:04:05.678Z'), '2026-11-29 10:04:05 UTC'],
    [new Date('2026-01-01T00:00:00+02:00'), '2025-12-31 22:00:00 UTC'],
  ])('%s → %s', (date, expected) => {
    expect(formatTime(date)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [-5_000, '0s'],
    [45_400, '45s'],
    [59_600, '1m 00s'],
    [252_000, '4m 12s'],
    [3_600_000, '1h 00m'],
    [3_720_000, '1h 02m'],
    [86_399_000, '23h 59m'],
    [2 * 86_400_000 + 3 * 3_600_000 + 59 * 60_000, '2d 3h'],
  ])('%d ms → %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe('inline', () => {
  it.each([
    ['plain words', 'plain words'],
    ['line\nbreaks\r\n  folded', 'line breaks folded'],
    ['a | b', 'a \\| b'],
    ['[click](http://evil)', '\\[click\\](http://evil)'],
    ['<script>alert(1)</script>', '\\<script\\>alert(1)\\</script\\>'],
    ['# not a heading', '\\# not a heading'],
    ['*bold* _it_ `code` back\\slash', '\\*bold\\* \\_it\\_ \\`code\\` back\\\\slash'],
  ])('%j → %j', (text, expected) => {
    expect(inline(text)).toBe(expected);
  });

  it.each([
    ['a'.repeat(500), 500, 'a'.repeat(500)],
    ['a'.repeat(501), 500, `${'a'.repeat(499)}…`],
    ['abcdef', 4, 'abc…'],
  ])('cuts %#: at most %d characters before escaping', (text, max, expected) => {
    expect(inline(text, max)).toBe(expected);
  });
});

describe('draftMarkdown', () => {
  it.each<[string, PostmortemSnapshot, string, string[]]>([
    [
      'key times with time to acknowledge and to resolve',
      snapshot(),
      'Key times',
      [
        '- **Opened:** 2026-11-29 10:00:00 UTC',
        '- **Acknowledged:** 2026-11-29 10:04:00 UTC by Ada',
        '- **Resolved:** 2026-11-29 11:02:00 UTC',
        '- **Time to acknowledge:** 4m 00s',
        '- **Time to resolve:** 1h 02m',
      ],
    ],
    [
      'an open, unacknowledged incident',
      snapshot({}, { acknowledgedAt: null, acknowledgedBy: null, resolvedAt: null, status: 'active' }),
      'Key times',
      [
        '- **Opened:** 2026-11-29 10:00:00 UTC',
        '- **Acknowledged:** not acknowledged',
        '- **Resolved:** not resolved',
        '- **Time to acknowledge:** —',
        '- **Time to resolve:** —',
      ],
    ],
    [
      'pages: who, when (sent), channel, level, and who acknowledged',
      snapshot(),
      'Pages',
      [
        '| Time | Who | Channel | Level | Outcome |',
        '| --- | --- | --- | --- | --- |',
        '| 2026-11-29 10:01:30 UTC | Ada | email | 1 (round 1) | sent |',
        'Acknowledged by Ada at 2026-11-29 10:04:00 UTC.',
      ],
    ],
    [
      'a page never sent shows when it was tried',
      snapshot(
        { pages: [{ userName: 'Bo', method: 'sms', status: 'failed', level: 2, round: 1, createdAt: t(30), sentAt: null }] },
        { acknowledgedAt: null, acknowledgedBy: null },
      ),
      'Pages',
      [
        '| Time | Who | Channel | Level | Outcome |',
        '| --- | --- | --- | --- | --- |',
        '| 2026-11-29 10:30:00 UTC | Bo | sms | 2 (round 1) | failed |',
        'Nobody acknowledged.',
      ],
    ],
    ['nobody paged', snapshot({ pages: [] }), 'Pages', ['Nobody was paged.']],
    [
      'runbook executions: started, finished, outcome, by whom',
      snapshot({
        executions: [
          { procedureName: 'Restart web', status: 'completed', startedAt: t(5), completedAt: t(9), startedBy: 'Ada', byRoutingRule: false },
          { procedureName: 'Fail over', status: 'running', startedAt: t(1), completedAt: null, startedBy: null, byRoutingRule: true },
        ],
      }),
      'Runbook executions',
      [
        '| Runbook | Started | Finished | Outcome | Started by |',
        '| --- | --- | --- | --- | --- |',
        '| Restart web | 2026-11-29 10:05:00 UTC | 2026-11-29 10:09:00 UTC | completed | Ada |',
        '| Fail over | 2026-11-29 10:01:00 UTC | — | running | a routing rule |',
      ],
    ],
    ['no runbook', snapshot({ executions: [] }), 'Runbook executions', ['No runbook ran.']],
    [
      'status updates with their type, visibility (internal marked) and time',
      snapshot(),
      'Status updates',
      [
        '- 2026-11-29 10:06:00 UTC **Investigating** (public) "Checkout errors" by Ada: Looking into it',
        '- 2026-11-29 10:20:00 UTC **Identified** (internal) by Ada: Bad deploy',
      ],
    ],
    ['roles held', snapshot(), 'Roles', ['- **Incident commander:** Ada (since 2026-11-29 10:03:00 UTC)']],
    ['no roles', snapshot({ roles: [] }), 'Roles', ['Nobody held a role.']],
    [
      'summary: severity, priority, service, routing rule',
      snapshot(),
      'Summary',
      [
        '| Field | Value |',
        '| --- | --- |',
        '| Incident | Checkout down |',
        '| Severity | critical |',
        '| Priority | P1 |',
        '| Service | Shop metrics (prometheus) |',
        '| Routing rule | Web tier |',
        '| Status | resolved |',
        '| Alerts | 1 |',
      ],
    ],
    [
      'a manual incident without priority',
      snapshot(
        { alerts: [], alertCount: 0 },
        { source: 'manual', integrationName: null, routingRuleName: null, priority: null, description: 'Found\nby hand' },
      ),
      'Summary',
      [
        '| Field | Value |',
        '| --- | --- |',
        '| Incident | Checkout down |',
        '| Severity | critical |',
        '| Priority | — |',
        '| Service | manual |',
        '| Routing rule | — |',
        '| Status | resolved |',
        '| Alerts | 0 |',
        'Found by hand',
      ],
    ],
    [
      'alerts, hostile titles escaped',
      snapshot({ alerts: [{ title: 'a | b\n## x', severity: 'high', status: 'firing', host: null, receivedAt: t(2) }] }),
      'Alerts',
      [
        '| Received | Alert | Severity | Host | Status |',
        '| --- | --- | --- | --- | --- |',
        '| 2026-11-29 10:02:00 UTC | a \\| b \\#\\# x | high | — | firing |',
      ],
    ],
    [
      'a long timeline is cut, saying how much was left out',
      snapshot({
        timeline: Array.from({ length: POSTMORTEM_LIST_LIMIT }, (_, index) => ({
          type: 'note',
          message: `n${index}`,
          actorName: 'Ada',
          createdAt: t(index),
        })),
        timelineCount: POSTMORTEM_LIST_LIMIT + 7,
      }),
      'Timeline',
      [...Array.from({ length: POSTMORTEM_LIST_LIMIT }, (_, index) => `- ${formatTime(t(index))} n${index} (Ada)`), '_…and 7 more._'],
    ],
  ])('%s', (_name, input, heading, expected) => {
    expect(section(draftMarkdown(input), heading)).toEqual(expected);
  });

  it('stays within the content limit, cut at a line break saying so, when the records run longer', () => {
    const long = draftMarkdown(
      snapshot({
        statusUpdates: Array.from({ length: POSTMORTEM_LIST_LIMIT }, (_, index) => ({
          kind: 'monitoring' as const,
          visibility: 'internal' as const,
          title: null,
          body: `${index} ${'x'.repeat(5_000)}`,
          authorName: 'Ada',
          createdAt: t(index),
        })),
      }),
    );
    expect(long.length).toBeLessThanOrEqual(POSTMORTEM_CONTENT_MAX);
    const lines = long.trimEnd().split('\n');
    expect(lines.at(-1)).toBe("_The draft stops here: the incident's records run longer. See its timeline for the rest._");
    // Every status update line kept is whole: its 2,000 characters of text, cut with an ellipsis.
    const kept = lines.filter((line) => line.includes('**Monitoring**'));
    expect(kept.length).toBeGreaterThan(50);
    expect(kept.every((line) => line.endsWith('x…'))).toBe(true);
    expect(draftMarkdown(snapshot()).length).toBeLessThan(5_000);
  });

  it('has every section in order, then the ones the team writes', () => {
    const headings = draftMarkdown(snapshot())
      .split('\n')
      .filter((line) => line.startsWith('## '));
    expect(headings).toEqual([
      '## Summary',
      '## Key times',
      '## Roles',
      '## Pages',
      '## Alerts',
      '## Runbook executions',
      '## Status updates',
      '## Timeline',
      '## Impact',
      '## Root cause',
      '## Resolution',
      '## What went well',
      '## What went wrong',
      '## Lessons learned',
    ]);
  });

  it.each([
    ['Checkout down', 'Postmortem: Checkout down'],
    ['x'.repeat(400), `Postmortem: ${'x'.repeat(288)}`],
  ])('titles a postmortem after the incident, cut to 300 characters (case %#)', (title, expected) => {
    expect(draftTitle(snapshot({}, { title }))).toBe(expected);
  });
});

describe('exportMarkdown', () => {
  const item = (override: Partial<ActionItemForExport>): ActionItemForExport => ({
    title: 'Add a canary',
    ownerName: 'Ada',
    dueDate: '2026-12-15',
    done: false,
    ...override,
  });

  it.each<[string, Parameters<typeof exportMarkdown>[0], string[]]>([
    [
      'a published postmortem with open and done items',
      {
        title: 'Postmortem: Checkout down',
        status: 'published',
        publishedAt: t(120),
        content: '## Root cause\n\nA bad deploy.\n\n',
        actionItems: [item({}), item({ title: 'Roll back faster', ownerName: null, dueDate: null, done: true })],
      },
      [
        '# Postmortem: Checkout down',
        '',
        '_Status: Published 2026-11-29 12:00:00 UTC_',
        '',
        '## Root cause',
        '',
        'A bad deploy.',
        '',
        '## Action items',
        '',
        '- [ ] Add a canary (owner: Ada, due 2026-12-15)',
        '- [x] Roll back faster (no owner, no due date)',
        '',
      ],
    ],
    [
      'a draft without items',
      { title: 'PM', status: 'draft', publishedAt: null, content: 'Text', actionItems: [] },
      ['# PM', '', '_Status: Draft_', '', 'Text', '', '## Action items', '', 'No action items.', ''],
    ],
    [
      'in review, a hostile item title',
      { title: 'PM', status: 'in_review', publishedAt: null, content: 'Text', actionItems: [item({ title: '[x](javascript:1)\n# h' })] },
      [
        '# PM',
        '',
        '_Status: In review_',
        '',
        'Text',
        '',
        '## Action items',
        '',
        '- [ ] \\[x\\](javascript:1) \\# h (owner: Ada, due 2026-12-15)',
        '',
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect(exportMarkdown(input).split('\n')).toEqual(expected);
  });
});
