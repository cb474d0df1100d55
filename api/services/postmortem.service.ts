import type { PostmortemRow, PostmortemStore } from '../../shared/db/access/postmortems.ts';
import { draftMarkdown, draftTitle } from '../../shared/domain/postmortem/draft.ts';
import { exportMarkdown } from '../../shared/domain/postmortem/export.ts';
import { POSTMORTEM_STATUS_LABELS, type PostmortemStatus } from '../../shared/domain/postmortem/snapshot.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import type { SearchPort } from '../../shared/search/port.ts';
import type { AuthContext } from '../auth-context.ts';
import type { PostmortemView, SimilarIncidentView } from '../schemas/postmortem.schemas.ts';
import type { AuditEventInput } from './audit.service.ts';
import { createActionItems, actionItemView } from './postmortem-action-items.ts';

export type PostmortemService = ReturnType<typeof createPostmortemService>;

/** What the audit log keeps of the request that published a postmortem. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

/** How many similar past incidents are listed. */
export const SIMILAR_INCIDENT_LIMIT = 5;

const iso = (value: string | Date) => new Date(value).toISOString();

export const postmortemPath = (incidentId: string) => `/api/v1/incidents/${incidentId}/postmortem`;

/**
 * Postmortems of incidents: a draft written from the incident's records (shared/domain/postmortem),
 * edited by the team, published; its action items (postmortem-action-items.ts); the similar past
 * incidents the hybrid search finds, with their postmortems; and the Markdown export.
 */
export function createPostmortemService(deps: {
  postmortems: () => PostmortemStore;
  /** Absent when search could not start: similar incidents are then an empty list. */
  search: SearchPort | undefined;
  logger: Logger;
  recordAudit: (event: AuditEventInput) => Promise<void>;
}) {
  const items = createActionItems({
    postmortems: deps.postmortems,
    postmortemOf: (store, auth, incidentId) => existing(store, auth, incidentId),
  });

  async function incidentOf(store: PostmortemStore, auth: AuthContext, incidentId: string) {
    // Another organization's incident is 404, as for none.
    const incident = await store.incident(auth.organizationId, incidentId);
    if (!incident) throw new NotFoundError('Incident');
    return incident;
  }

  async function existing(store: PostmortemStore, auth: AuthContext, incidentId: string): Promise<PostmortemRow> {
    const row = await store.ofIncident(auth.organizationId, incidentId);
    if (!row) throw new NotFoundError('Postmortem');
    return row;
  }

  async function view(store: PostmortemStore, auth: AuthContext, row: PostmortemRow): Promise<PostmortemView> {
    return {
      id: row.id,
      incident_id: row.incident_id,
      title: row.title,
      status: row.status,
      content: row.content,
      created_by: row.created_by,
      published_at: row.published_at === null ? null : iso(row.published_at),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      action_items: (await items.rowsOf(store, auth, row.id)).map(actionItemView),
    };
  }

  return {
    items,

    /** Drafts the incident's postmortem from its records, on its timeline in the same transaction; 409 when it has one. */
    async create(auth: AuthContext, incidentId: string, input: { title?: string }): Promise<PostmortemView> {
      return deps.postmortems().transaction(async (store) => {
        const incident = await incidentOf(store, auth, incidentId);
        const snapshot = await store.snapshot(auth.organizationId, incident.id);
        if (!snapshot) throw new NotFoundError('Incident');
        const row = await store.insert({
          organizationId: auth.organizationId,
          incidentId: incident.id,
          title: input.title ?? draftTitle(snapshot),
          content: draftMarkdown(snapshot),
          createdBy: auth.userId,
        });
        if (!row) throw new ConflictError('The incident has a postmortem already: edit it, or delete it first');
        await store.addTimelineEntry(auth.organizationId, incident.id, {
          type: 'postmortem',
          message: 'Postmortem drafted',
          actorId: auth.userId,
          data: { postmortem_id: row.id, status: row.status },
        });
        return view(store, auth, row);
      });
    },

    async get(auth: AuthContext, incidentId: string): Promise<PostmortemView> {
      const store = deps.postmortems();
      return view(store, auth, await existing(store, auth, incidentId));
    },

    /**
     * Edits the title, the Markdown or the status. A status change goes on the timeline; the
     * first publication is also an audit event of its own (`incidents.postmortem_published`).
     */
    async update(
      auth: AuthContext,
      incidentId: string,
      change: { title?: string; content?: string; status?: PostmortemStatus },
      origin: RequestOrigin,
    ): Promise<PostmortemView> {
      const { result, published } = await deps.postmortems().transaction(async (store) => {
        const incident = await incidentOf(store, auth, incidentId);
        const before = await existing(store, auth, incident.id);
        const row = await store.update(auth.organizationId, incident.id, change);
        if (!row) throw new NotFoundError('Postmortem');
        if (row.status !== before.status) {
          await store.addTimelineEntry(auth.organizationId, incident.id, {
            type: 'postmortem',
            message: `Postmortem ${row.status === 'published' ? 'published' : `moved to ${POSTMORTEM_STATUS_LABELS[row.status].toLowerCase()}`}`,
            actorId: auth.userId,
            data: { postmortem_id: row.id, from: before.status, status: row.status },
          });
        }
        return { result: await view(store, auth, row), published: before.published_at === null && row.published_at !== null };
      });
      if (published) {
        // After the commit, as the audit guard records a request: a failure is logged, the change stands.
        await deps
          .recordAudit({
            organizationId: auth.organizationId,
            eventType: 'incidents.postmortem_published',
            action: 'publishPostmortem',
            method: 'PATCH',
            path: '/incidents/{id}/postmortem',
            targetType: 'incidents',
            targetId: incidentId,
            actorType: auth.kind,
            actorUserId: auth.userId,
            actorApiKeyId: auth.apiKeyId,
            ip: origin.ip,
            userAgent: origin.userAgent,
            requestId: origin.requestId,
            statusCode: 200,
          })
          .catch((error: unknown) => deps.logger.error({ err: error, incidentId }, 'postmortem publication not audited'));
      }
      return result;
    },

    async remove(auth: AuthContext, incidentId: string): Promise<void> {
      if (!(await deps.postmortems().remove(auth.organizationId, incidentId))) throw new NotFoundError('Postmortem');
    },

    /** `GET …/postmortem.md`: the team's Markdown with its action items. */
    async exportMarkdown(auth: AuthContext, incidentId: string): Promise<{ markdown: string; title: string }> {
      const store = deps.postmortems();
      const row = await existing(store, auth, incidentId);
      const actionItems = await items.rowsOf(store, auth, row.id);
      return {
        title: row.title,
        markdown: exportMarkdown({
          title: row.title,
          status: row.status,
          publishedAt: row.published_at === null ? null : new Date(row.published_at),
          content: row.content,
          actionItems: actionItems.map((item) => ({
            title: item.title,
            ownerName: item.owner_name,
            dueDate: item.due_date,
            done: item.done,
          })),
        }),
      };
    },

    /**
     * Past incidents like this one, by the hybrid search over the incident's title and description
     * (as the incident analysis finds them), each with its postmortem when it has one. With search
     * off or unreachable: an empty list saying so, never an error.
     */
    async similar(auth: AuthContext, incidentId: string): Promise<{ items: SimilarIncidentView[]; search: 'available' | 'unavailable' }> {
      const store = deps.postmortems();
      const incident = await incidentOf(store, auth, incidentId);
      if (!deps.search) return { items: [], search: 'unavailable' };
      const text = [incident.title, incident.description ?? ''].join('\n').trim().slice(0, 2_000);
      let hits;
      try {
        hits = (
          await deps.search.query({
            organizationId: auth.organizationId,
            query: text,
            mode: 'hybrid',
            limit: SIMILAR_INCIDENT_LIMIT,
            types: ['incident'],
            excludeIds: [incident.id],
            feedback: false,
          })
        ).hits;
      } catch (error) {
        deps.logger.warn({ err: error, incidentId }, 'similar incidents: search unavailable');
        return { items: [], search: 'unavailable' };
      }
      const postmortems = await store.ofIncidents(
        auth.organizationId,
        hits.map((hit) => hit.id),
      );
      return {
        search: 'available',
        items: hits.map((hit) => {
          const postmortem = postmortems.find((row) => row.incident_id === hit.id);
          return {
            incident_id: hit.id,
            title: hit.title,
            score: hit.score,
            postmortem: postmortem
              ? { id: postmortem.id, title: postmortem.title, status: postmortem.status, url: postmortemPath(hit.id) }
              : null,
          };
        }),
      };
    },
  };
}
