import type { Severity } from '../domain/alert.ts';
import {
  componentStatus,
  incidentTouches,
  overallStatus,
  SEVERITY_IMPACT,
  type ComponentStatus,
  type StatusUpdateKind,
} from '../domain/status-page.ts';

/** Everything a public status page shows: nothing else of the organization reaches a renderer. */
export interface StatusPageView {
  slug: string;
  title: string;
  status: ComponentStatus;
  status_text: string;
  /** The newest change the page shows (an update, a component edit, the settings). */
  updated_at: string;
  components: Array<{ id: string; name: string; description: string | null; status: ComponentStatus }>;
  incidents: Array<{
    id: string;
    name: string;
    impact: ComponentStatus;
    /** The kind of its latest public update. */
    status: StatusUpdateKind;
    resolved: boolean;
    started_at: string;
    components: string[];
    updates: Array<{ id: string; kind: StatusUpdateKind; body: string; created_at: string }>;
  }>;
  maintenances: Array<{ id: string; description: string; starts_at: string; ends_at: string; in_progress: boolean; components: string[] }>;
}

export interface PageSource {
  page: { slug: string; title: string; updatedAt: Date };
  components: Array<{
    id: string;
    name: string;
    description: string | null;
    integrationIds: string[];
    routingRuleIds: string[];
    statusOverride: ComponentStatus | null;
    updatedAt: Date;
  }>;
  openIncidents: Array<{ severity: Severity; integrationId: string | null; routingRuleId: string | null }>;
  published: Array<{
    id: string;
    severity: Severity;
    status: string;
    integrationId: string | null;
    routingRuleId: string | null;
    updates: Array<{ id: string; kind: StatusUpdateKind; title: string | null; body: string; createdAt: Date }>;
  }>;
  /** Maintenance spans in effect now or ahead, with the integrations they cover (empty: all). */
  maintenances: Array<{ id: string; description: string; integrationIds: string[]; from: Date; until: Date }>;
  now: Date;
}

/** The name an incident goes by on the page: the latest title its public updates gave, never its own. */
export const DEFAULT_PUBLIC_INCIDENT_NAME = 'Service disruption';

/** Builds the page from what the organization chose to publish (pure: the reads are the caller's). */
export function buildStatusPageView(source: PageSource): StatusPageView {
  const now = source.now.getTime();
  const inMaintenance = (component: PageSource['components'][number]) =>
    source.maintenances.some(
      (window) =>
        window.from.getTime() <= now &&
        now < window.until.getTime() &&
        (window.integrationIds.length === 0 || window.integrationIds.some((id) => component.integrationIds.includes(id))),
    );
  const components = source.components.map((component) => ({
    id: component.id,
    name: component.name,
    description: component.description,
    status: componentStatus(component, source.openIncidents, inMaintenance(component)),
  }));
  const touchedNames = (incident: { integrationId: string | null; routingRuleId: string | null }) =>
    source.components.filter((component) => incidentTouches(component, incident)).map((component) => component.name);
  let updatedAt = source.page.updatedAt.getTime();
  for (const component of source.components) updatedAt = Math.max(updatedAt, component.updatedAt.getTime());
  const incidents = source.published.flatMap((incident) => {
    const updates = [...incident.updates].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const latest = updates.at(-1);
    if (!latest) return [];
    updatedAt = Math.max(updatedAt, latest.createdAt.getTime());
    const name = [...updates].reverse().find((update) => update.title)?.title ?? DEFAULT_PUBLIC_INCIDENT_NAME;
    return [
      {
        id: incident.id,
        name,
        impact: SEVERITY_IMPACT[incident.severity],
        status: latest.kind,
        resolved: incident.status === 'resolved' || latest.kind === 'resolved',
        started_at: (updates[0] as (typeof updates)[number]).createdAt.toISOString(),
        components: touchedNames(incident),
        updates: updates
          .map((update) => ({ id: update.id, kind: update.kind, body: update.body, created_at: update.createdAt.toISOString() }))
          .reverse(),
      },
    ];
  });
  incidents.sort(
    (a, b) => Number(a.resolved) - Number(b.resolved) || (b.updates[0]?.created_at ?? '').localeCompare(a.updates[0]?.created_at ?? ''),
  );
  const maintenances = source.maintenances
    .filter((window) => window.until.getTime() > now)
    .map((window) => ({
      id: window.id,
      description: window.description,
      starts_at: window.from.toISOString(),
      ends_at: window.until.toISOString(),
      in_progress: window.from.getTime() <= now,
      components: source.components
        .filter(
          (component) => window.integrationIds.length === 0 || window.integrationIds.some((id) => component.integrationIds.includes(id)),
        )
        .map((component) => component.name),
    }))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const overall = overallStatus(components.map((component) => component.status));
  return {
    slug: source.page.slug,
    title: source.page.title,
    status: overall.status,
    status_text: overall.text,
    updated_at: new Date(updatedAt).toISOString(),
    components,
    incidents,
    maintenances,
  };
}
