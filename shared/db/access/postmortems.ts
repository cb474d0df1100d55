import type { EntityManager } from '@mikro-orm/postgresql';
import type { TimelineType } from '../../domain/incident.ts';
import type { PostmortemSnapshot, PostmortemStatus } from '../../domain/postmortem/snapshot.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { IncidentEntity } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import type { SqlTimestamp } from '../sql-timestamp.ts';
import { addTimelineEntry } from './incidents.ts';
import { postmortemSnapshot } from './postmortem-source.ts';
import { memberName } from './users.ts';
import { sqlArray } from '../sql-array.ts';

export interface PostmortemRow {
  id: string;
  incident_id: string;
  title: string;
  status: PostmortemStatus;
  content: string;
  created_by: string | null;
  published_at: SqlTimestamp | null;
  created_at: SqlTimestamp;
  updated_at: SqlTimestamp;
}

const POSTMORTEM_COLUMNS = 'id, incident_id, title, status, content, created_by, published_at, created_at, updated_at';

export async function postmortemOfIncident(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
): Promise<PostmortemRow | undefined> {
  const [row] = await em.execute<PostmortemRow[]>(
    `select ${POSTMORTEM_COLUMNS} from postmortems where organization_id = ? and incident_id = ?`,
    [organizationId, incidentId],
  );
  return row;
}

/** Which of the incidents have a postmortem, and its title and status (for the similar incidents' links). */
export function postmortemsOfIncidents(
  em: EntityManager,
  organizationId: string,
  incidentIds: readonly string[],
): Promise<Array<Pick<PostmortemRow, 'id' | 'incident_id' | 'title' | 'status'>>> {
  if (incidentIds.length === 0) return Promise.resolve([]);
  return em.execute(
    `select id, incident_id, title, status from postmortems
     where organization_id = ? and incident_id = any(?::uuid[])`,
    [organizationId, sqlArray(incidentIds)],
  );
}

/** The incident's postmortem, created; undefined when it has one already. */
export async function insertPostmortem(
  em: EntityManager,
  postmortem: { organizationId: string; incidentId: string; title: string; content: string; createdBy: string | null },
): Promise<PostmortemRow | undefined> {
  const [row] = await em.execute<PostmortemRow[]>(
    `insert into postmortems (id, organization_id, incident_id, title, status, content, created_by)
     values (?, ?, ?, ?, 'draft', ?, ?) on conflict (incident_id) do nothing returning ${POSTMORTEM_COLUMNS}`,
    [uuidv7(), postmortem.organizationId, postmortem.incidentId, postmortem.title, postmortem.content, postmortem.createdBy],
  );
  return row;
}

/** Changes what is given; `published_at` is set the first time it becomes published and kept after. */
export async function updatePostmortem(
  em: EntityManager,
  organizationId: string,
  incidentId: string,
  change: { title?: string; content?: string; status?: PostmortemStatus },
): Promise<PostmortemRow | undefined> {
  const [row] = await em.execute<PostmortemRow[]>(
    `update postmortems set title = coalesce(?, title), content = coalesce(?, content), status = coalesce(?, status),
       published_at = case when coalesce(?, status) = 'published' then coalesce(published_at, now()) else published_at end,
       updated_at = now()
     where organization_id = ? and incident_id = ? returning ${POSTMORTEM_COLUMNS}`,
    [change.title ?? null, change.content ?? null, change.status ?? null, change.status ?? null, organizationId, incidentId],
  );
  return row;
}

export async function deletePostmortem(em: EntityManager, organizationId: string, incidentId: string): Promise<boolean> {
  const rows = await em.execute<Array<{ id: string }>>(
    `delete from postmortems where organization_id = ? and incident_id = ? returning id`,
    [organizationId, incidentId],
  );
  return rows.length > 0;
}

export interface ActionItemRow {
  id: string;
  postmortem_id: string;
  title: string;
  owner_id: string | null;
  owner_name: string | null;
  /** `YYYY-MM-DD`. */
  due_date: string | null;
  done: boolean;
  done_at: SqlTimestamp | null;
  created_at: SqlTimestamp;
  updated_at: SqlTimestamp;
}

// The date as text: a `date` column parsed into a JS Date would shift with the server's time zone.
const ITEM_SELECT = `select a.id, a.postmortem_id, a.title, a.owner_id, u.name as owner_name, to_char(a.due_date, 'YYYY-MM-DD') as due_date,
  a.done, a.done_at, a.created_at, a.updated_at from postmortem_action_items a
  left join users u on u.id = a.owner_id and u.organization_id = a.organization_id`;

export function actionItemsOf(em: EntityManager, organizationId: string, postmortemId: string): Promise<ActionItemRow[]> {
  return em.execute<ActionItemRow[]>(`${ITEM_SELECT} where a.organization_id = ? and a.postmortem_id = ? order by a.created_at, a.id`, [
    organizationId,
    postmortemId,
  ]);
}

export async function actionItem(
  em: EntityManager,
  organizationId: string,
  postmortemId: string,
  id: string,
): Promise<ActionItemRow | undefined> {
  const [row] = await em.execute<ActionItemRow[]>(`${ITEM_SELECT} where a.organization_id = ? and a.postmortem_id = ? and a.id = ?`, [
    organizationId,
    postmortemId,
    id,
  ]);
  return row;
}

export interface ActionItemFields {
  title: string;
  ownerId: string | null;
  dueDate: string | null;
  done: boolean;
}

export async function insertActionItem(
  em: EntityManager,
  organizationId: string,
  postmortemId: string,
  fields: ActionItemFields,
): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ id: string }>>(
    `insert into postmortem_action_items (id, organization_id, postmortem_id, title, owner_id, due_date, done, done_at)
     select ?, ?, ?, ?, ?, ?::date, ?, case when ? then now() end
     where exists (select 1 from postmortems where id = ? and organization_id = ?)
     returning id`,
    [
      uuidv7(),
      organizationId,
      postmortemId,
      fields.title,
      fields.ownerId,
      fields.dueDate,
      fields.done,
      fields.done,
      postmortemId,
      organizationId,
    ],
  );
  return row?.id;
}

/** Replaces the item's fields; `done_at` is when it was last marked done. False when there is no such item. */
export async function updateActionItem(
  em: EntityManager,
  organizationId: string,
  postmortemId: string,
  id: string,
  fields: ActionItemFields,
): Promise<boolean> {
  const rows = await em.execute<Array<{ id: string }>>(
    `update postmortem_action_items set title = ?, owner_id = ?, due_date = ?::date, done = ?,
       done_at = case when ? then coalesce(done_at, now()) end, updated_at = now()
     where organization_id = ? and postmortem_id = ? and id = ? returning id`,
    [fields.title, fields.ownerId, fields.dueDate, fields.done, fields.done, organizationId, postmortemId, id],
  );
  return rows.length > 0;
}

export async function deleteActionItem(em: EntityManager, organizationId: string, postmortemId: string, id: string): Promise<boolean> {
  const rows = await em.execute<Array<{ id: string }>>(
    `delete from postmortem_action_items where organization_id = ? and postmortem_id = ? and id = ? returning id`,
    [organizationId, postmortemId, id],
  );
  return rows.length > 0;
}

/** Postmortems of the organization's incidents and their action items; every read and write is confined to the organization given. */
export interface PostmortemStore {
  /** Runs `work` in one transaction: what it writes (timeline entries included) is kept only if it returns. */
  transaction<T>(work: (store: PostmortemStore) => Promise<T>): Promise<T>;
  /** The incident a postmortem is of, as the service reads it. */
  incident(organizationId: string, incidentId: string): Promise<{ id: string; title: string; description: string | null } | undefined>;
  /** Everything a draft is written from, in one snapshot of the incident. */
  snapshot(organizationId: string, incidentId: string): Promise<PostmortemSnapshot | undefined>;
  /** An entry on the incident's timeline, written at once; false when the incident is not the organization's. */
  addTimelineEntry(
    organizationId: string,
    incidentId: string,
    entry: { type: TimelineType; message: string; actorId: string | null; data: Record<string, unknown> },
  ): Promise<boolean>;
  ofIncident(organizationId: string, incidentId: string): Promise<PostmortemRow | undefined>;
  /** Which of the incidents have a postmortem, and its title and status. */
  ofIncidents(
    organizationId: string,
    incidentIds: readonly string[],
  ): Promise<Array<Pick<PostmortemRow, 'id' | 'incident_id' | 'title' | 'status'>>>;
  /** Undefined when the incident has one already. */
  insert(postmortem: {
    organizationId: string;
    incidentId: string;
    title: string;
    content: string;
    createdBy: string | null;
  }): Promise<PostmortemRow | undefined>;
  /** Changes what is given; `published_at` is set the first time it becomes published and kept after. */
  update(
    organizationId: string,
    incidentId: string,
    change: { title?: string; content?: string; status?: PostmortemStatus },
  ): Promise<PostmortemRow | undefined>;
  remove(organizationId: string, incidentId: string): Promise<boolean>;
  /** The postmortem's action items, oldest first. */
  actionItems(organizationId: string, postmortemId: string): Promise<ActionItemRow[]>;
  actionItem(organizationId: string, postmortemId: string, id: string): Promise<ActionItemRow | undefined>;
  /** The new item's id; undefined when the postmortem is not the organization's. */
  insertActionItem(organizationId: string, postmortemId: string, fields: ActionItemFields): Promise<string | undefined>;
  /** False when there is no such item. */
  updateActionItem(organizationId: string, postmortemId: string, id: string, fields: ActionItemFields): Promise<boolean>;
  removeActionItem(organizationId: string, postmortemId: string, id: string): Promise<boolean>;
  /** Whether the user is a member of the organization (an action item's owner must be). */
  isMember(organizationId: string, userId: string): Promise<boolean>;
}

export function createPostmortemStore(em: EntityManager): PostmortemStore {
  const findIncident = (organizationId: string, incidentId: string) =>
    em.findOne(IncidentEntity, { id: incidentId, organization: organizationId }, unscoped);
  return {
    transaction: (work) => em.transactional((tx) => work(createPostmortemStore(tx))),

    async incident(organizationId, incidentId) {
      const incident = await findIncident(organizationId, incidentId);
      return incident ? { id: incident.id, title: incident.title, description: incident.description ?? null } : undefined;
    },

    snapshot: (organizationId, incidentId) => postmortemSnapshot(em, organizationId, incidentId),

    async addTimelineEntry(organizationId, incidentId, entry) {
      const incident = await findIncident(organizationId, incidentId);
      if (!incident) return false;
      addTimelineEntry(em, incident, entry);
      await em.flush();
      return true;
    },

    ofIncident: (organizationId, incidentId) => postmortemOfIncident(em, organizationId, incidentId),
    ofIncidents: (organizationId, incidentIds) => postmortemsOfIncidents(em, organizationId, incidentIds),
    insert: (postmortem) => insertPostmortem(em, postmortem),
    update: (organizationId, incidentId, change) => updatePostmortem(em, organizationId, incidentId, change),
    remove: (organizationId, incidentId) => deletePostmortem(em, organizationId, incidentId),
    actionItems: (organizationId, postmortemId) => actionItemsOf(em, organizationId, postmortemId),
    actionItem: (organizationId, postmortemId, id) => actionItem(em, organizationId, postmortemId, id),
    insertActionItem: (organizationId, postmortemId, fields) => insertActionItem(em, organizationId, postmortemId, fields),
    updateActionItem: (organizationId, postmortemId, id, fields) => updateActionItem(em, organizationId, postmortemId, id, fields),
    removeActionItem: (organizationId, postmortemId, id) => deleteActionItem(em, organizationId, postmortemId, id),
    isMember: async (organizationId, userId) => (await memberName(em, organizationId, userId)) !== undefined,
  };
}
