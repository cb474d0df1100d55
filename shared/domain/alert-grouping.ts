// Kept free of Node built-ins and I/O: pure decisions of alert grouping, table-tested.

/** `...` in group_by groups by every label, as in Alertmanager. */
export const GROUP_BY_ALL = '...';

/** How alerts of one routing rule or integration gather into one incident (Alertmanager's route options). */
export interface GroupingSettings {
  /** Label names whose values make a group; `['...']` for every label. */
  group_by: string[];
  /** How long a new group gathers alerts before its incident pages. */
  group_wait_seconds: number;
  /** Least time between two notifications of alerts that joined an open group's incident. */
  group_interval_seconds: number;
}

/** Alertmanager's defaults: 30 s and 5 min. */
export const DEFAULT_GROUP_WAIT_SECONDS = 30;
export const DEFAULT_GROUP_INTERVAL_SECONDS = 300;
export const MAX_GROUP_WAIT_SECONDS = 3600;
export const MAX_GROUP_INTERVAL_SECONDS = 86_400;
export const MAX_GROUP_BY_LABELS = 20;

/** Which grouping applies to an alert, and the scope its group key is made in. */
export interface GroupingChoice {
  settings: GroupingSettings;
  /** `rule:<id>` or `integration:<id>`: two scopes never share a group. */
  scope: string;
}

/**
 * The routing rule's grouping when the rule that matched the alert has one, else its integration's,
 * else none (each alert key is its own incident, as without grouping).
 */
export function chooseGrouping(
  rule: { id: string; grouping: GroupingSettings | null } | null,
  integration: { id: string; grouping: GroupingSettings | null },
): GroupingChoice | null {
  if (rule?.grouping) return { settings: rule.grouping, scope: `rule:${rule.id}` };
  if (integration.grouping) return { settings: integration.grouping, scope: `integration:${integration.id}` };
  return null;
}

/**
 * The labels of an alert that make its group: those named in group_by that it has (a missing label
 * is left out, so alerts lacking it group together), or every label with `...`
 * (Alertmanager's getGroupLabels).
 */
export function groupLabels(labels: Readonly<Record<string, string>>, groupBy: readonly string[]): Record<string, string> {
  const all = groupBy.includes(GROUP_BY_ALL);
  const names = new Set(groupBy);
  const result: Record<string, string> = {};
  for (const name of Object.keys(labels).sort()) {
    if (all || names.has(name)) result[name] = labels[name] as string;
  }
  return result;
}

const quote = (value: string) => JSON.stringify(value);

/**
 * The group an alert belongs to: its scope and its group labels, sorted, written as Alertmanager
 * writes a group key (`<scope>:{a="1", b="2"}`). Equal labels in one scope give the same key.
 */
export function groupKey(scope: string, labels: Readonly<Record<string, string>>): string {
  const pairs = Object.keys(labels)
    .sort()
    .map((name) => `${name}=${quote(labels[name] as string)}`);
  return `${scope}:{${pairs.join(', ')}}`;
}

/** When a new group's incident may page: group_wait after its first alert was received. */
export function pageAfter(firstReceivedAt: Date, settings: GroupingSettings): Date {
  return new Date(firstReceivedAt.getTime() + settings.group_wait_seconds * 1000);
}

/**
 * Whether alerts that joined an open group's incident are announced now (an `incident.updated`
 * naming them): at most once per group_interval since the group was last announced (its opening,
 * or the previous announcement). Joined alerts never page.
 */
export function announceJoinedAlerts(lastAnnouncedAt: Date, intervalSeconds: number, now: Date): boolean {
  return now.getTime() - lastAnnouncedAt.getTime() >= intervalSeconds * 1000;
}

/** How long the relay delays a grouped incident's first page: until `pageAfter`, never negative. */
export function pageDelayMs(pageAfterAt: Date | string | null, now: Date): number {
  if (!pageAfterAt) return 0;
  return Math.max(0, new Date(pageAfterAt).getTime() - now.getTime());
}
