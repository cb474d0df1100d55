import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactMethodType, RuleUrgency } from '../../shared/domain/notification-rules.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import { uuidv7 } from '../../shared/uuidv7.ts';
import type { AuthContext } from '../auth-context.ts';
import type { NotificationRuleView } from '../schemas/contact-method.schemas.ts';
import { assertSignedIn } from './contact-method.service.ts';

export type NotificationRuleService = ReturnType<typeof createNotificationRuleService>;

interface Row {
  id: string;
  user_id: string;
  contact_method_id: string;
  contact_method_type: ContactMethodType;
  delay_minutes: number;
  urgency: RuleUrgency;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `select r.id, r.user_id, r.contact_method_id, cm.type as contact_method_type, r.delay_minutes, r.urgency, r.created_at, r.updated_at
  from notification_rules r join contact_methods cm on cm.id = r.contact_method_id`;

const view = (row: Row): NotificationRuleView => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** Each member's own notification rules: which of their contact methods, how long after the page, for which urgency. */
export function createNotificationRuleService(deps: { em: () => EntityManager }) {
  const load = async (auth: AuthContext, id: string) => {
    const [row] = await deps
      .em()
      .execute<Row[]>(`${SELECT} where r.id = ? and r.organization_id = ? and r.user_id = ?`, [id, auth.organizationId, auth.userId]);
    if (!row) throw new NotFoundError('Notification rule');
    return row;
  };

  /** The method must be the caller's own: another member's id is a 422 like an unknown one. */
  const assertOwnMethod = async (auth: AuthContext, contactMethodId: string) => {
    const [method] = await deps
      .em()
      .execute<Array<{ id: string }>>('select id from contact_methods where id = ? and organization_id = ? and user_id = ?', [
        contactMethodId,
        auth.organizationId,
        auth.userId,
      ]);
    if (!method) throw new ValidationError([{ path: 'contact_method_id', message: 'not one of your contact methods' }]);
  };

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number }) {
      const em = deps.em();
      const rows = await em.execute<Row[]>(
        `${SELECT} where r.organization_id = ? and r.user_id = ? order by r.delay_minutes, r.created_at, r.id limit ? offset ?`,
        [auth.organizationId, auth.userId, query.limit, query.offset],
      );
      const [count] = await em.execute<Array<{ n: string }>>(
        'select count(*) as n from notification_rules where organization_id = ? and user_id = ?',
        [auth.organizationId, auth.userId],
      );
      return { items: rows.map(view), total: Number(count?.n ?? 0) };
    },

    async get(auth: AuthContext, id: string) {
      return view(await load(auth, id));
    },

    async create(auth: AuthContext, input: { contact_method_id: string; delay_minutes: number; urgency: RuleUrgency }) {
      assertSignedIn(auth);
      await assertOwnMethod(auth, input.contact_method_id);
      const em = deps.em();
      const [count] = await em.execute<Array<{ n: string }>>(
        'select count(*) as n from notification_rules where organization_id = ? and user_id = ?',
        [auth.organizationId, auth.userId],
      );
      if (Number(count?.n ?? 0) >= 20) throw new ConflictError('At most 20 notification rules per member');
      const id = uuidv7();
      await em.execute(
        `insert into notification_rules (id, organization_id, user_id, contact_method_id, delay_minutes, urgency, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, now(), now())`,
        [id, auth.organizationId, auth.userId, input.contact_method_id, input.delay_minutes, input.urgency],
      );
      return view(await load(auth, id));
    },

    async update(auth: AuthContext, id: string, input: { contact_method_id?: string; delay_minutes?: number; urgency?: RuleUrgency }) {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (input.contact_method_id !== undefined) await assertOwnMethod(auth, input.contact_method_id);
      await deps
        .em()
        .execute(
          'update notification_rules set contact_method_id = ?, delay_minutes = ?, urgency = ?, updated_at = now() where id = ? and organization_id = ? and user_id = ?',
          [
            input.contact_method_id ?? row.contact_method_id,
            input.delay_minutes ?? row.delay_minutes,
            input.urgency ?? row.urgency,
            id,
            auth.organizationId,
            auth.userId,
          ],
        );
      return view(await load(auth, id));
    },

    async remove(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      await load(auth, id);
      await deps
        .em()
        .execute('delete from notification_rules where id = ? and organization_id = ? and user_id = ?', [
          id,
          auth.organizationId,
          auth.userId,
        ]);
    },
  };
}
