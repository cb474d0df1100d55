import { createHash, randomUUID } from 'node:crypto';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
import type { ComponentFields, ComponentRow, StatusPageRow, StatusPageStore } from '../../shared/db/access/status-pages.ts';
import { componentStatus } from '../../shared/domain/status-page.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import type { Mailer } from '../../shared/mail/mailer.ts';
import { buildStatusPageView, type StatusPageView } from '../../shared/status-page/page-view.ts';
import { renderStatusPageAtom } from '../../shared/status-page/render-atom.ts';
import { renderStatusPageHtml } from '../../shared/status-page/render-html.ts';
import type { SubscriberLinks } from '../../shared/status-page/subscriber-links.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ComponentView, StatusPageSettingsView } from '../schemas/status-page.schemas.ts';
import { loadPageSource, upcomingSpans } from './status-page-source.ts';

export type StatusPageService = ReturnType<typeof createStatusPageService>;

export type StatusPageFormat = 'html' | 'atom' | 'json';

/** One rendering of a page: its bytes and their entity tag. */
export interface RenderedStatusPage {
  body: string;
  etag: string;
}

/** Which page a public request names: by slug at `/status/{slug}`, or by its custom domain. */
export type StatusPageAddress = { slug: string } | { domain: string };

/** How long one rendering answers every request for it (each API process keeps its own). */
const RENDER_MAX_AGE_MS = 1_000;
/** How long a Host header's page (or its absence) is remembered. */
const DOMAIN_MAX_AGE_MS = 30_000;
const MAX_CACHED = 2_000;

/** A small keyed cache of promises: concurrent callers share one computation; a rejection is never kept. */
function keyedCache<T>(maxAgeMs: number) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const now = performance.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < maxAgeMs) return hit.value;
    if (entries.size >= MAX_CACHED) entries.clear();
    const value = compute();
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The organization's public status page: its settings and components (members), and the page
 * itself (anyone): HTML, Atom and JSON renderings of what was published, cached for a second.
 */
export function createStatusPageService(deps: {
  pages: () => StatusPageStore;
  mailer: Mailer;
  links: SubscriberLinks;
  publicUrl: string;
  logger: Logger;
}) {
  const renders = keyedCache<RenderedStatusPage | null>(RENDER_MAX_AGE_MS);
  const domains = keyedCache<string | null>(DOMAIN_MAX_AGE_MS);

  const pageUrl = (page: StatusPageRow) => (page.custom_domain ? `https://${page.custom_domain}` : `${deps.publicUrl}/status/${page.slug}`);

  function settingsView(page: StatusPageRow): StatusPageSettingsView {
    return {
      slug: page.slug,
      title: page.title,
      enabled: page.enabled,
      custom_domain: page.custom_domain,
      url: pageUrl(page),
      updated_at: isoTimestamp(page.updated_at),
    };
  }

  async function componentViews(organizationId: string, rows: ComponentRow[]): Promise<ComponentView[]> {
    const store = deps.pages();
    const now = new Date();
    const [open, windows] = await Promise.all([store.openIncidentImpacts(organizationId), store.currentAndUpcomingWindows(organizationId)]);
    const impacts = open.map((row) => ({ severity: row.severity, integrationId: row.integration_id, routingRuleId: row.routing_rule_id }));
    const activeWindows = windows.filter((window) => upcomingSpans(window, now).some((span) => span.from <= now && now < span.until));
    return rows.map((row) => {
      const mapping = { integrationIds: row.integration_ids, routingRuleIds: row.routing_rule_ids, statusOverride: row.status_override };
      const inMaintenance = activeWindows.some(
        (window) => window.integration_ids.length === 0 || window.integration_ids.some((id) => row.integration_ids.includes(id)),
      );
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        position: row.position,
        integration_ids: row.integration_ids,
        routing_rule_ids: row.routing_rule_ids,
        status_override: row.status_override,
        status: componentStatus(mapping, impacts, inMaintenance),
        created_at: isoTimestamp(row.created_at),
        updated_at: isoTimestamp(row.updated_at),
      };
    });
  }

  async function requireMappings(organizationId: string, fields: Pick<ComponentFields, 'integration_ids' | 'routing_rule_ids'>) {
    const store = deps.pages();
    const errors: Array<{ path: string; message: string }> = [];
    for (const [kind, ids, path] of [
      ['integrations', fields.integration_ids, 'body.integration_ids'],
      ['routing_rules', fields.routing_rule_ids, 'body.routing_rule_ids'],
    ] as const) {
      const known = await store.existingMappingIds(organizationId, kind, ids);
      ids.forEach((id, index) => {
        if (!known.has(id))
          errors.push({
            path: `${path}.${index}`,
            message: `no such ${kind === 'integrations' ? 'integration' : 'routing rule'} in this organization`,
          });
      });
    }
    if (errors.length > 0) throw new ValidationError(errors);
  }

  async function resolve(address: StatusPageAddress): Promise<StatusPageRow | null> {
    return deps.pages().findPublishedAcrossOrganizations(address);
  }

  async function render(address: StatusPageAddress, format: StatusPageFormat, basePath: string): Promise<RenderedStatusPage | null> {
    const key = `${'slug' in address ? `s:${address.slug}` : `d:${address.domain}`}:${format}:${basePath}`;
    return renders(key, async () => {
      const page = await resolve(address);
      if (!page) return null;
      const view = buildStatusPageView(await loadPageSource(deps.pages(), page));
      const body =
        format === 'html'
          ? renderStatusPageHtml(view, basePath)
          : format === 'atom'
            ? renderStatusPageAtom(view, pageUrl(page))
            : JSON.stringify(view satisfies StatusPageView);
      return { body, etag: etagOf(body) };
    });
  }

  return {
    async getSettings(auth: AuthContext): Promise<StatusPageSettingsView> {
      const page = await deps.pages().settings(auth.organizationId);
      if (!page) throw new NotFoundError('Status page');
      return settingsView(page);
    },

    async putSettings(
      auth: AuthContext,
      input: { slug: string; title: string; enabled: boolean; custom_domain: string | null },
    ): Promise<StatusPageSettingsView> {
      const page = await deps.pages().saveSettings(auth.organizationId, input);
      if (!page) throw new ConflictError('That slug or custom domain is already used by another status page');
      return settingsView(page);
    },

    async listComponents(auth: AuthContext): Promise<ComponentView[]> {
      return componentViews(auth.organizationId, await deps.pages().components(auth.organizationId));
    },

    async createComponent(auth: AuthContext, input: ComponentFields): Promise<ComponentView> {
      await requireMappings(auth.organizationId, input);
      const row = await deps.pages().insertComponent(auth.organizationId, randomUUID(), input);
      return (await componentViews(auth.organizationId, [row]))[0] as ComponentView;
    },

    async updateComponent(auth: AuthContext, id: string, input: Partial<ComponentFields>): Promise<ComponentView> {
      const current = await deps.pages().component(auth.organizationId, id);
      if (!current) throw new NotFoundError('Component');
      const fields: ComponentFields = {
        name: input.name ?? current.name,
        description: input.description !== undefined ? input.description : current.description,
        position: input.position ?? current.position,
        integration_ids: input.integration_ids ?? current.integration_ids,
        routing_rule_ids: input.routing_rule_ids ?? current.routing_rule_ids,
        status_override: input.status_override !== undefined ? input.status_override : current.status_override,
      };
      await requireMappings(auth.organizationId, {
        integration_ids: input.integration_ids ?? [],
        routing_rule_ids: input.routing_rule_ids ?? [],
      });
      const row = await deps.pages().updateComponent(auth.organizationId, id, fields);
      if (!row) throw new NotFoundError('Component');
      return (await componentViews(auth.organizationId, [row]))[0] as ComponentView;
    },

    async removeComponent(auth: AuthContext, id: string): Promise<void> {
      if (!(await deps.pages().deleteComponent(auth.organizationId, id))) throw new NotFoundError('Component');
    },

    /** The page's rendering, or null when no enabled page has this address. */
    render,

    /** The slug of the enabled page served on this host, remembered for 30 seconds. */
    slugOfDomain(domain: string): Promise<string | null> {
      return domains(domain, async () => (await resolve({ domain }))?.slug ?? null);
    },

    /**
     * Subscribes an address to the whole page: a confirmation mail (double opt-in) goes to a new or
     * still unconfirmed address; the answer is the same whether or not it was subscribed already.
     */
    async subscribe(slug: string, email: string): Promise<boolean> {
      const store = deps.pages();
      const page = await store.findPublishedAcrossOrganizations({ slug });
      if (!page) return false;
      const subscriber = await store.addPageSubscriber(page.organization_id, { id: randomUUID(), email });
      if (!subscriber.confirmed_at) {
        await deps.mailer.send({
          to: email,
          subject: `Confirm your subscription to ${page.title} status`,
          text: [
            `Someone (hopefully you) asked to receive status updates of ${page.title} at this address.`,
            `Confirm: ${deps.links.confirmUrl(subscriber.id)}`,
            'If it was not you, ignore this mail: nothing is sent until the address is confirmed.',
          ].join('\n\n'),
        });
      }
      return true;
    },

    /** Confirms the subscriber a confirmation link names; false for an invalid, expired or stale link. */
    async confirm(token: string): Promise<boolean> {
      const id = deps.links.verify('confirm', token);
      if (!id) return false;
      return deps.pages().confirmSubscriberAcrossOrganizations(id);
    },

    /** Removes the subscriber an unsubscribe link names (true also when it was gone already); false for a forged link. */
    async unsubscribe(token: string): Promise<boolean> {
      const id = deps.links.verify('unsubscribe', token);
      if (!id) return false;
      await deps.pages().removeSubscriberAcrossOrganizations(id);
      return true;
    },

    /** Whether an unsubscribe link is genuine (for the page that asks to confirm it). */
    validUnsubscribeLink: (token: string) => deps.links.verify('unsubscribe', token) !== null,
    validConfirmLink: (token: string) => deps.links.verify('confirm', token) !== null,
  };
}
