import type { Severity } from './alert.ts';

/** What a status update says about the incident, in the order incidents usually go through them. */
export const STATUS_UPDATE_KINDS = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type StatusUpdateKind = (typeof STATUS_UPDATE_KINDS)[number];

/** `internal`: the team's timeline, chat and subscribers only; `public`: also the status page, its feed and its subscribers. */
export const STATUS_UPDATE_VISIBILITIES = ['internal', 'public'] as const;
export type StatusUpdateVisibility = (typeof STATUS_UPDATE_VISIBILITIES)[number];

/** A component's status, worst last (the page's overall status is the worst of its components). */
export const COMPONENT_STATUSES = ['operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

export const COMPONENT_STATUS_LABELS: Record<ComponentStatus, string> = {
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
};

export const STATUS_UPDATE_LABELS: Record<StatusUpdateKind, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

/** What an open incident of each severity does to the components it touches. */
export const SEVERITY_IMPACT: Record<Severity, ComponentStatus> = {
  critical: 'major_outage',
  high: 'partial_outage',
  medium: 'degraded_performance',
  low: 'degraded_performance',
};

/** How many days of incidents the page lists. */
export const STATUS_PAGE_HISTORY_DAYS = 90;

export const worseStatus = (a: ComponentStatus, b: ComponentStatus): ComponentStatus =>
  COMPONENT_STATUSES.indexOf(a) >= COMPONENT_STATUSES.indexOf(b) ? a : b;

export interface ComponentMapping {
  integrationIds: readonly string[];
  routingRuleIds: readonly string[];
}

export interface ImpactingIncident {
  severity: Severity;
  integrationId: string | null;
  routingRuleId: string | null;
}

/** Whether an incident touches a component: it came from one of its integrations or was routed by one of its rules. */
export function incidentTouches(
  component: ComponentMapping,
  incident: Pick<ImpactingIncident, 'integrationId' | 'routingRuleId'>,
): boolean {
  return (
    (incident.integrationId !== null && component.integrationIds.includes(incident.integrationId)) ||
    (incident.routingRuleId !== null && component.routingRuleIds.includes(incident.routingRuleId))
  );
}

/**
 * A component's status: its override when set; else the worst impact of the open incidents that
 * touch it, and under maintenance when a window of its integrations is in effect and nothing is worse.
 */
export function componentStatus(
  component: ComponentMapping & { statusOverride: ComponentStatus | null },
  openIncidents: readonly ImpactingIncident[],
  inMaintenance: boolean,
): ComponentStatus {
  if (component.statusOverride) return component.statusOverride;
  let status: ComponentStatus = inMaintenance ? 'under_maintenance' : 'operational';
  for (const incident of openIncidents) {
    if (incidentTouches(component, incident)) status = worseStatus(status, SEVERITY_IMPACT[incident.severity]);
  }
  return status;
}

/** The page's headline: the worst component status, as a sentence. */
export function overallStatus(statuses: readonly ComponentStatus[]): { status: ComponentStatus; text: string } {
  const status = statuses.reduce<ComponentStatus>(worseStatus, 'operational');
  const text: Record<ComponentStatus, string> = {
    operational: 'All systems operational',
    under_maintenance: 'Scheduled maintenance in progress',
    degraded_performance: 'Some systems are degraded',
    partial_outage: 'Partial outage',
    major_outage: 'Major outage',
  };
  return { status, text: text[status] };
}

/** A status page address: lowercase letters, digits and inner hyphens, 3 to 63 characters (a DNS label). */
export const STATUS_PAGE_SLUG = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** A custom domain: a lowercase host name of at least two labels, no port, no IP address literal. */
export const STATUS_PAGE_DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The host of a Host header, lowercased, without its port and trailing dot. */
export function hostOf(header: string): string {
  const host = header.trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host : host.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}
