import { LockMode, type EntityManager } from '@mikro-orm/core';
import { OrganizationEntity } from '../../shared/db/entities/index.ts';
import {
  mergeSettings,
  OrganizationSettingsSchema,
  readSettings,
  type OrganizationSettings,
  type OrganizationSettingsPatch,
} from '../../shared/domain/organization-settings.ts';
import { AppError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { OrganizationView } from '../schemas/auth.schemas.ts';
import { organizationView } from './auth.service.ts';
import type { SessionService } from './session.service.ts';

export type OrganizationService = ReturnType<typeof createOrganizationService>;

/** The caller's organization and its settings; there is never another one to address. */
export function createOrganizationService(deps: { em: () => EntityManager; sessions: Pick<SessionService, 'endPasswordSessions'> }) {
  // The tenant filter scopes organizations by their own id as well; the explicit id says what is meant.
  const current = (em: EntityManager, auth: AuthContext, lock = false) =>
    em.findOneOrFail(OrganizationEntity, { id: auth.organizationId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});

  return {
    async get(auth: AuthContext): Promise<OrganizationView> {
      return organizationView(await current(deps.em(), auth));
    },

    async update(auth: AuthContext, input: { name?: string }): Promise<OrganizationView> {
      const em = deps.em();
      const organization = await current(em, auth);
      if (input.name !== undefined) organization.name = input.name;
      await em.flush();
      return organizationView(organization);
    },

    async getSettings(auth: AuthContext): Promise<OrganizationSettings> {
      return readSettings((await current(deps.em(), auth)).settings);
    },

    /**
     * Merges the patch into the current settings (defaults included) and validates the result as a
     * whole, under a row lock so concurrent patches of different fields both survive.
     */
    async updateSettings(auth: AuthContext, patch: OrganizationSettingsPatch): Promise<OrganizationSettings> {
      let ssoTurnedOn = false;
      const updated = await deps.em().transactional(async (tx) => {
        const organization = await current(tx, auth, true);
        const before = readSettings(organization.settings);
        // Shorter retention deletes history for good: an owner's own decision, never an admin's or a key's.
        if (
          patch.retention_days !== undefined &&
          patch.retention_days < before.retention_days &&
          !(auth.kind === 'user' && auth.role === 'owner')
        )
          throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only an owner can lower retention_days');
        const merged = mergeSettings(before, patch);
        const result = OrganizationSettingsSchema.safeParse(merged);
        if (!result.success) {
          throw new ValidationError(
            result.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
          );
        }
        organization.settings = result.data;
        await tx.flush();
        ssoTurnedOn = !before.sso_required && result.data.sso_required;
        return result.data;
      });
      // Password sessions opened before would otherwise keep refreshing; owners keep theirs.
      if (ssoTurnedOn) await deps.sessions.endPasswordSessions(auth.organizationId);
      return updated;
    },
  };
}
