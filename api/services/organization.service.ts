import type { OrganizationStore } from '../../shared/db/access/organizations.ts';
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
export function createOrganizationService(deps: {
  organizations: () => OrganizationStore;
  sessions: Pick<SessionService, 'endPasswordSessions'>;
}) {
  return {
    async get(auth: AuthContext): Promise<OrganizationView> {
      return organizationView(await deps.organizations().find(auth.organizationId));
    },

    async update(auth: AuthContext, input: { name?: string }): Promise<OrganizationView> {
      const store = deps.organizations();
      const organization =
        input.name === undefined ? await store.find(auth.organizationId) : await store.rename(auth.organizationId, input.name);
      return organizationView(organization);
    },

    async getSettings(auth: AuthContext): Promise<OrganizationSettings> {
      return readSettings((await deps.organizations().find(auth.organizationId)).settings);
    },

    /**
     * Merges the patch into the current settings (defaults included) and validates the result as a
     * whole, under a row lock so concurrent patches of different fields both survive.
     */
    async updateSettings(auth: AuthContext, patch: OrganizationSettingsPatch): Promise<OrganizationSettings> {
      let ssoTurnedOn = false;
      const updated = await deps.organizations().updateSettings(auth.organizationId, (current) => {
        const before = readSettings(current);
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
        ssoTurnedOn = !before.sso_required && result.data.sso_required;
        return result.data;
      });
      // Password sessions opened before would otherwise keep refreshing; owners keep theirs.
      if (ssoTurnedOn) await deps.sessions.endPasswordSessions(auth.organizationId);
      return updated;
    },
  };
}
