import type { EntityManager } from '@mikro-orm/core';
import type { Severity } from '../../domain/alert.ts';
import type { ComponentStatus, StatusUpdateKind, StatusUpdateVisibility } from '../../domain/status-page.ts';
import { runStatement } from './statement.ts';
import { sqlArray } from '../sql-array.ts';

const run = runStatement;

export interface StatusPageRow {
  organization_id: string;
  slug: string;
  title: string;
  enabled: boolean;
  custom_domain: string | null;
  updated_at: Date;
}

const PAGE_COLUMNS = 'organization_id, slug, title, enabled, custom_domain, updated_at';

export async function statusPageOf(em: EntityManager, organizationId: string): Promise<StatusPageRow | null> {
  const [row] = await run<StatusPageRow[]>(em, `select ${PAGE_COLUMNS} from status_pages where organization_id = ?`, [organizationId]);
  return row ?? null;
}

/** An enabled page by its slug or by its custom domain. */
export async function publishedStatusPage(em: EntityManager, by: { slug: string } | { domain: string }): Promise<StatusPageRow | null> {
  const [column, value] = 'slug' in by ? ['slug', by.slug] : ['custom_domain', by.domain];
  const [row] = await run<StatusPageRow[]>(em, `select ${PAGE_COLUMNS} from status_pages where ${column} = ? and enabled`, [value]);
  return row ?? null;
}

/** Creates or replaces the organization's page settings; false when the slug or domain belongs to another organization. */
export async function saveStatusPage(
  em: EntityManager,
  page: Pick<StatusPageRow, 'organization_id' | 'slug' | 'title' | 'enabled' | 'custom_domain'>,
): Promise<StatusPageRow | null> {
  const [row] = await run<StatusPageRow[]>(
    em,
    `insert into status_pages (organization_id, slug, title, enabled, custom_domain) values (?, ?, ?, ?, ?)
     on conflict (organization_id) do update set slug = excluded.slug, title = excluded.title, enabled = excluded.enabled,
       custom_domain = excluded.custom_domain, updated_at = now()
     returning ${PAGE_COLUMNS}`,
    [page.organization_id, page.slug, page.title, page.enabled, page.custom_domain],
  ).catch((error: unknown) => {
    if ((error as { code?: string }).code === '23505') return [];
    throw error;
  });
  return row ?? null;
}

export interface ComponentRow {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  position: number;
  integration_ids: string[];
  routing_rule_ids: string[];
  status_override: ComponentStatus | null;
  created_at: Date;
  updated_at: Date;
}

const COMPONENT_COLUMNS =
  'id, organization_id, name, description, position, integration_ids, routing_rule_ids, status_override, created_at, updated_at';

export function componentsOf(em: EntityManager, organizationId: string): Promise<ComponentRow[]> {
  return run<ComponentRow[]>(
    em,
    `select ${COMPONENT_COLUMNS} from status_page_components where organization_id = ? order by position, name, id`,
    [organizationId],
  );
}

export async function componentById(em: EntityManager, organizationId: string, id: string): Promise<ComponentRow | null> {
  const [row] = await run<ComponentRow[]>(
    em,
    `select ${COMPONENT_COLUMNS} from status_page_components where organization_id = ? and id = ?`,
    [organizationId, id],
  );
  return row ?? null;
}

export type ComponentFields = Pick<
  ComponentRow,
  'name' | 'description' | 'position' | 'integration_ids' | 'routing_rule_ids' | 'status_override'
>;

export async function insertComponent(
  em: EntityManager,
  organizationId: string,
  id: string,
  fields: ComponentFields,
): Promise<ComponentRow> {
  const [row] = await run<ComponentRow[]>(
    em,
    `insert into status_page_components (id, organization_id, name, description, position, integration_ids, routing_rule_ids, status_override)
     values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?) returning ${COMPONENT_COLUMNS}`,
    [
      id,
      organizationId,
      fields.name,
      fields.description,
      fields.position,
      JSON.stringify(fields.integration_ids),
      JSON.stringify(fields.routing_rule_ids),
      fields.status_override,
    ],
  );
  return row as ComponentRow;
}

export async function updateComponent(
  em: EntityManager,
  organizationId: string,
  id: string,
  fields: ComponentFields,
): Promise<ComponentRow | null> {
  const [row] = await run<ComponentRow[]>(
    em,
    `update status_page_components set name = ?, description = ?, position = ?, integration_ids = ?::jsonb, routing_rule_ids = ?::jsonb,
       status_override = ?, updated_at = now()
     where organization_id = ? and id = ? returning ${COMPONENT_COLUMNS}`,
    [
      fields.name,
      fields.description,
      fields.position,
      JSON.stringify(fields.integration_ids),
      JSON.stringify(fields.routing_rule_ids),
      fields.status_override,
      organizationId,
      id,
    ],
  );
  return row ?? null;
}

export async function deleteComponent(em: EntityManager, organizationId: string, id: string): Promise<boolean> {
  const rows = await run<Array<{ id: string }>>(
    em,
    'delete from status_page_components where organization_id = ? and id = ? returning id',
    [organizationId, id],
  );
  return rows.length > 0;
}

/** Which of `ids` are integrations (`kind: 'integrations'`) or routing rules of the organization. */
export async function existingMappingIds(
  em: EntityManager,
  organizationId: string,
  kind: 'integrations' | 'routing_rules',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = kind === 'integrations' ? 'integrations' : 'routing_rules';
  const rows = await run<Array<{ id: string }>>(em, `select id from ${table} where organization_id = ? and id = any(?::uuid[])`, [
    organizationId,
    sqlArray(ids),
  ]);
  return new Set(rows.map((row) => row.id));
}

export interface StatusUpdateRow {
  id: string;
  incident_id: string;
  kind: StatusUpdateKind;
  title: string | null;
  body: string;
  visibility: StatusUpdateVisibility;
  author_id: string | null;
  created_at: Date;
}

const UPDATE_COLUMNS = 'id, incident_id, kind, title, body, visibility, author_id, created_at';

export async function insertStatusUpdate(
  em: EntityManager,
  update: Omit<StatusUpdateRow, 'created_at'> & { organization_id: string },
): Promise<StatusUpdateRow> {
  const [row] = await run<StatusUpdateRow[]>(
    em,
    `insert into status_updates (id, organization_id, incident_id, kind, title, body, visibility, author_id)
     values (?, ?, ?, ?, ?, ?, ?, ?) returning ${UPDATE_COLUMNS}`,
    [update.id, update.organization_id, update.incident_id, update.kind, update.title, update.body, update.visibility, update.author_id],
  );
  return row as StatusUpdateRow;
}

export function statusUpdatesOfIncident(em: EntityManager, organizationId: string, incidentId: string): Promise<StatusUpdateRow[]> {
  return run<StatusUpdateRow[]>(
    em,
    `select ${UPDATE_COLUMNS} from status_updates where organization_id = ? and incident_id = ? order by created_at desc, id desc`,
    [organizationId, incidentId],
  );
}

/** Every open incident of the organization, as components' statuses need it (no text of theirs). */
export function openIncidentImpacts(
  em: EntityManager,
  organizationId: string,
): Promise<Array<{ severity: Severity; integration_id: string | null; routing_rule_id: string | null }>> {
  return run(em, `select severity, integration_id, routing_rule_id from incidents where organization_id = ? and status <> 'resolved'`, [
    organizationId,
  ]);
}

export interface PublishedIncidentRow {
  id: string;
  severity: Severity;
  status: string;
  integration_id: string | null;
  routing_rule_id: string | null;
  resolved_at: Date | null;
  /** Public updates only, oldest first. */
  updates: Array<{ id: string; kind: StatusUpdateKind; title: string | null; body: string; created_at: string }>;
}

/**
 * Incidents with at least one public update, open or updated within `days`: only their public
 * updates are read (never a title, description or internal update of the incident itself).
 */
export function publishedIncidents(em: EntityManager, organizationId: string, days: number): Promise<PublishedIncidentRow[]> {
  return run<PublishedIncidentRow[]>(
    em,
    `select i.id, i.severity, i.status, i.integration_id, i.routing_rule_id, i.resolved_at,
            json_agg(json_build_object('id', u.id, 'kind', u.kind, 'title', u.title, 'body', u.body, 'created_at', u.created_at)
                     order by u.created_at, u.id) as updates
     from status_updates u join incidents i on i.id = u.incident_id and i.organization_id = u.organization_id
     where u.organization_id = ? and u.visibility = 'public'
     group by i.id
     having i.status <> 'resolved' or max(u.created_at) > now() - make_interval(days => ?)
     order by max(u.created_at) desc
     limit 500`,
    [organizationId, days],
  );
}

export interface WindowRow {
  id: string;
  description: string;
  integration_ids: string[];
  starts_at: Date;
  ends_at: Date;
  rrule: string | null;
  time_zone: string;
}

/** Maintenance windows that may still be in effect or ahead (one-off ones not yet over, every recurring one). */
export function currentAndUpcomingWindows(em: EntityManager, organizationId: string): Promise<WindowRow[]> {
  return run<WindowRow[]>(
    em,
    `select id, description, integration_ids, starts_at, ends_at, rrule, time_zone from maintenance_windows
     where organization_id = ? and (rrule is not null or ends_at > now()) order by starts_at limit 200`,
    [organizationId],
  );
}

export interface SubscriberRow {
  id: string;
  organization_id: string;
  incident_id: string | null;
  email: string;
  user_id: string | null;
  confirmed_at: Date | null;
}

const SUBSCRIBER_COLUMNS = 'id, organization_id, incident_id, email, user_id, confirmed_at';

/** Adds a subscriber, or returns the one already there for this address and scope. */
export async function addSubscriber(
  em: EntityManager,
  subscriber: Omit<SubscriberRow, 'confirmed_at'> & { confirmed: boolean },
): Promise<SubscriberRow & { created: boolean }> {
  const [inserted] = await run<SubscriberRow[]>(
    em,
    `insert into status_subscribers (id, organization_id, incident_id, email, user_id, confirmed_at)
     values (?, ?, ?, ?, ?, case when ? then now() else null end) on conflict do nothing returning ${SUBSCRIBER_COLUMNS}`,
    [subscriber.id, subscriber.organization_id, subscriber.incident_id, subscriber.email, subscriber.user_id, subscriber.confirmed],
  );
  if (inserted) return { ...inserted, created: true };
  const [existing] = await run<SubscriberRow[]>(
    em,
    `select ${SUBSCRIBER_COLUMNS} from status_subscribers where organization_id = ? and incident_id is not distinct from ? and lower(email) = lower(?)`,
    [subscriber.organization_id, subscriber.incident_id, subscriber.email],
  );
  return { ...(existing as SubscriberRow), created: false };
}

export async function subscriberById(em: EntityManager, id: string): Promise<SubscriberRow | null> {
  const [row] = await run<SubscriberRow[]>(em, `select ${SUBSCRIBER_COLUMNS} from status_subscribers where id = ?`, [id]);
  return row ?? null;
}

export async function confirmSubscriber(em: EntityManager, id: string): Promise<void> {
  await run(em, 'update status_subscribers set confirmed_at = coalesce(confirmed_at, now()) where id = ?', [id]);
}

export async function removeSubscriber(em: EntityManager, id: string): Promise<void> {
  await run(em, 'delete from status_subscribers where id = ?', [id]);
}

export function subscribersOfIncident(em: EntityManager, organizationId: string, incidentId: string): Promise<SubscriberRow[]> {
  return run<SubscriberRow[]>(
    em,
    `select ${SUBSCRIBER_COLUMNS} from status_subscribers where organization_id = ? and incident_id = ? order by created_at, id`,
    [organizationId, incidentId],
  );
}

/** What an organization's public page shows, read for one rendering. */
export interface StatusPageSourceReads {
  components(organizationId: string): Promise<ComponentRow[]>;
  openIncidentImpacts(organizationId: string): ReturnType<typeof openIncidentImpacts>;
  publishedIncidents(organizationId: string, days: number): Promise<PublishedIncidentRow[]>;
  currentAndUpcomingWindows(organizationId: string): Promise<WindowRow[]>;
}

/** Every read and write is confined to the organization given, except the lookups named across organizations. */
export interface StatusPageStore extends StatusPageSourceReads {
  settings(organizationId: string): Promise<StatusPageRow | null>;
  /** Creates or replaces the organization's page; null when the slug or domain belongs to another organization. */
  saveSettings(
    organizationId: string,
    page: Pick<StatusPageRow, 'slug' | 'title' | 'enabled' | 'custom_domain'>,
  ): Promise<StatusPageRow | null>;
  /** The enabled page a public request names (by slug or custom domain), whichever organization's it is. */
  findPublishedAcrossOrganizations(by: { slug: string } | { domain: string }): Promise<StatusPageRow | null>;
  component(organizationId: string, id: string): Promise<ComponentRow | null>;
  insertComponent(organizationId: string, id: string, fields: ComponentFields): Promise<ComponentRow>;
  updateComponent(organizationId: string, id: string, fields: ComponentFields): Promise<ComponentRow | null>;
  deleteComponent(organizationId: string, id: string): Promise<boolean>;
  existingMappingIds(organizationId: string, kind: 'integrations' | 'routing_rules', ids: readonly string[]): Promise<Set<string>>;
  /** Adds a subscriber to the organization's whole page, or returns the one already there for this address. */
  addPageSubscriber(organizationId: string, subscriber: { id: string; email: string }): Promise<SubscriberRow & { created: boolean }>;
  /** Confirms the subscriber a signed link names, whichever organization's it is; false when it is gone. */
  confirmSubscriberAcrossOrganizations(id: string): Promise<boolean>;
  /** Removes the subscriber a signed link names, whichever organization's it is. */
  removeSubscriberAcrossOrganizations(id: string): Promise<void>;
}

/** Organizations' status pages, their components and what they show, created from one unit of work. */
export function createStatusPageStore(em: EntityManager): StatusPageStore {
  return {
    components: (organizationId) => componentsOf(em, organizationId),
    openIncidentImpacts: (organizationId) => openIncidentImpacts(em, organizationId),
    publishedIncidents: (organizationId, days) => publishedIncidents(em, organizationId, days),
    currentAndUpcomingWindows: (organizationId) => currentAndUpcomingWindows(em, organizationId),
    settings: (organizationId) => statusPageOf(em, organizationId),
    saveSettings: (organizationId, page) => saveStatusPage(em, { organization_id: organizationId, ...page }),
    findPublishedAcrossOrganizations: (by) => publishedStatusPage(em, by),
    component: (organizationId, id) => componentById(em, organizationId, id),
    insertComponent: (organizationId, id, fields) => insertComponent(em, organizationId, id, fields),
    updateComponent: (organizationId, id, fields) => updateComponent(em, organizationId, id, fields),
    deleteComponent: (organizationId, id) => deleteComponent(em, organizationId, id),
    existingMappingIds: (organizationId, kind, ids) => existingMappingIds(em, organizationId, kind, ids),
    addPageSubscriber: (organizationId, subscriber) =>
      addSubscriber(em, { ...subscriber, organization_id: organizationId, incident_id: null, user_id: null, confirmed: false }),
    async confirmSubscriberAcrossOrganizations(id) {
      if (!(await subscriberById(em, id))) return false;
      await confirmSubscriber(em, id);
      return true;
    },
    removeSubscriberAcrossOrganizations: (id) => removeSubscriber(em, id),
  };
}
