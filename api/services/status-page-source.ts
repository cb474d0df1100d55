import type { StatusPageRow, StatusPageSourceReads, WindowRow } from '../../shared/db/access/status-pages.ts';
import { parseWindowRule, windowOccurrencesAround } from '../../shared/domain/maintenance-window.ts';
import { STATUS_PAGE_HISTORY_DAYS } from '../../shared/domain/status-page.ts';
import type { PageSource } from '../../shared/status-page/page-view.ts';

/** Spans of a window still ahead or in effect: a one-off window's own, a recurring one's over the next week (at most 3). */
export function upcomingSpans(window: WindowRow, now: Date): Array<{ from: Date; until: Date }> {
  const span = { startsAt: new Date(window.starts_at), endsAt: new Date(window.ends_at), timeZone: window.time_zone };
  if (!window.rrule) return span.endsAt > now ? [{ from: span.startsAt, until: span.endsAt }] : [];
  try {
    return windowOccurrencesAround({ ...span, rrule: window.rrule }, parseWindowRule(window.rrule), now)
      .spans.filter((occurrence) => occurrence.until > now.getTime())
      .slice(0, 3)
      .map((occurrence) => ({ from: new Date(occurrence.from), until: new Date(occurrence.until) }));
  } catch {
    // A rule past its compute budget announces nothing rather than a guess.
    return [];
  }
}

/** Reads what one organization's page shows (four queries, all scoped to the organization). */
export async function loadPageSource(store: StatusPageSourceReads, page: StatusPageRow, now = new Date()): Promise<PageSource> {
  const organizationId = page.organization_id;
  const [components, open, published, windows] = await Promise.all([
    store.components(organizationId),
    store.openIncidentImpacts(organizationId),
    store.publishedIncidents(organizationId, STATUS_PAGE_HISTORY_DAYS),
    store.currentAndUpcomingWindows(organizationId),
  ]);
  return {
    page: { slug: page.slug, title: page.title, updatedAt: new Date(page.updated_at) },
    components: components.map((component) => ({
      id: component.id,
      name: component.name,
      description: component.description,
      integrationIds: component.integration_ids,
      routingRuleIds: component.routing_rule_ids,
      statusOverride: component.status_override,
      updatedAt: new Date(component.updated_at),
    })),
    openIncidents: open.map((incident) => ({
      severity: incident.severity,
      integrationId: incident.integration_id,
      routingRuleId: incident.routing_rule_id,
    })),
    published: published.map((incident) => ({
      id: incident.id,
      severity: incident.severity,
      status: incident.status,
      integrationId: incident.integration_id,
      routingRuleId: incident.routing_rule_id,
      updates: incident.updates.map((update) => ({
        id: update.id,
        kind: update.kind,
        title: update.title,
        body: update.body,
        createdAt: new Date(update.created_at),
      })),
    })),
    maintenances: windows.flatMap((window) =>
      upcomingSpans(window, now).map((span) => ({
        id: window.id,
        description: window.description,
        integrationIds: window.integration_ids,
        ...span,
      })),
    ),
    now,
  };
}
