import type { EntityManager } from '@mikro-orm/postgresql';
import {
  actionItem,
  actionItemsOf,
  deleteActionItem,
  insertActionItem,
  updateActionItem,
  type ActionItemRow,
  type PostmortemRow,
} from '../../shared/db/access/postmortems.ts';
import { memberName } from '../../shared/db/access/users.ts';
import { NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ActionItemView } from '../schemas/postmortem.schemas.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

export const actionItemView = (row: ActionItemRow): ActionItemView => ({
  id: row.id,
  title: row.title,
  owner_id: row.owner_id,
  owner_name: row.owner_name,
  due_date: row.due_date,
  done: row.done,
  done_at: row.done_at === null ? null : iso(row.done_at),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

interface ActionItemInput {
  title?: string;
  owner_id?: string | null;
  due_date?: string | null;
  done?: boolean;
}

/** A postmortem's action items: who does what by when, and whether it is done. */
export function createActionItems(deps: {
  em: () => EntityManager;
  /** The incident's postmortem in the caller's organization; 404 when there is none. */
  postmortemOf: (em: EntityManager, auth: AuthContext, incidentId: string) => Promise<PostmortemRow>;
}) {
  /** An owner must be a member of the caller's organization: anyone else is 422 naming the field. */
  async function checkOwner(em: EntityManager, auth: AuthContext, ownerId: string | null | undefined): Promise<void> {
    if (!ownerId) return;
    if ((await memberName(em, auth.organizationId, ownerId)) === undefined)
      throw new ValidationError([{ path: 'body.owner_id', message: 'no such member in this organization' }]);
  }

  async function itemOf(em: EntityManager, auth: AuthContext, postmortemId: string, id: string): Promise<ActionItemRow> {
    const row = await actionItem(em, auth.organizationId, postmortemId, id);
    if (!row) throw new NotFoundError('Action item');
    return row;
  }

  return {
    rowsOf(em: EntityManager, auth: AuthContext, postmortemId: string): Promise<ActionItemRow[]> {
      return actionItemsOf(em, auth.organizationId, postmortemId);
    },

    async list(auth: AuthContext, incidentId: string): Promise<ActionItemView[]> {
      const em = deps.em();
      const postmortem = await deps.postmortemOf(em, auth, incidentId);
      return (await actionItemsOf(em, auth.organizationId, postmortem.id)).map(actionItemView);
    },

    async get(auth: AuthContext, incidentId: string, id: string): Promise<ActionItemView> {
      const em = deps.em();
      const postmortem = await deps.postmortemOf(em, auth, incidentId);
      return actionItemView(await itemOf(em, auth, postmortem.id, id));
    },

    async add(auth: AuthContext, incidentId: string, input: ActionItemInput & { title: string }): Promise<ActionItemView> {
      const em = deps.em();
      const postmortem = await deps.postmortemOf(em, auth, incidentId);
      await checkOwner(em, auth, input.owner_id);
      const id = await insertActionItem(em, auth.organizationId, postmortem.id, {
        title: input.title,
        ownerId: input.owner_id ?? null,
        dueDate: input.due_date ?? null,
        done: input.done ?? false,
      });
      return actionItemView(await itemOf(em, auth, postmortem.id, id));
    },

    /** Changes the fields given, keeping the others. */
    async update(auth: AuthContext, incidentId: string, id: string, input: ActionItemInput): Promise<ActionItemView> {
      const em = deps.em();
      const postmortem = await deps.postmortemOf(em, auth, incidentId);
      const current = await itemOf(em, auth, postmortem.id, id);
      await checkOwner(em, auth, input.owner_id);
      const changed = await updateActionItem(em, auth.organizationId, postmortem.id, id, {
        title: input.title ?? current.title,
        ownerId: input.owner_id === undefined ? current.owner_id : input.owner_id,
        dueDate: input.due_date === undefined ? current.due_date : input.due_date,
        done: input.done ?? current.done,
      });
      if (!changed) throw new NotFoundError('Action item');
      return actionItemView(await itemOf(em, auth, postmortem.id, id));
    },

    async remove(auth: AuthContext, incidentId: string, id: string): Promise<void> {
      const em = deps.em();
      const postmortem = await deps.postmortemOf(em, auth, incidentId);
      if (!(await deleteActionItem(em, auth.organizationId, postmortem.id, id))) throw new NotFoundError('Action item');
    },
  };
}
