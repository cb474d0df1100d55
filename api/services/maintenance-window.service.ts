import type { MaintenanceWindowRecord, MaintenanceWindowStore } from '../../shared/db/access/maintenance-windows.ts';
import { BudgetExceededError } from '../../shared/domain/compute-budget.ts';
import {
  MAX_ORGANIZATION_WIDE_WINDOW_MS,
  MAX_RECURRING_OCCURRENCE_MS,
  parseWindowRule,
  windowMatcher,
  windowOccurrencesAround,
  WindowRuleError,
  type WindowSpan,
} from '../../shared/domain/maintenance-window.ts';
import { readSettings } from '../../shared/domain/organization-settings.ts';
import { NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { MaintenanceWindowView } from '../schemas/maintenance-window.schemas.ts';

export type MaintenanceWindowService = ReturnType<typeof createMaintenanceWindowService>;

interface WindowInput {
  description?: string;
  integration_ids?: string[];
  starts_at?: string;
  ends_at?: string;
  rrule?: string | null;
  time_zone?: string;
}

/** Whether the window mutes alerts received at `now`; a stored rule that no longer reads or evaluates mutes nothing. */
function inEffect(window: MaintenanceWindowRecord, now: Date): boolean {
  try {
    return windowMatcher(window)(now);
  } catch (error) {
    if (error instanceof WindowRuleError) return false;
    throw error;
  }
}

/**
 * 422 problems of a rule that reads but costs more than its budget to evaluate now or at its start
 * (one that never or almost never matches walks towards the year 9999).
 */
function ruleCostProblems(window: WindowSpan, now: Date): Array<{ path: string; message: string }> {
  if (!window.rrule) return [];
  try {
    const options = parseWindowRule(window.rrule);
    for (const at of [now, window.startsAt]) windowOccurrencesAround(window, options, at);
    return [];
  } catch (error) {
    if (error instanceof WindowRuleError) return [{ path: 'body.rrule', message: error.message }];
    if (error instanceof BudgetExceededError)
      return [
        { path: 'body.rrule', message: `${error.message} (a rule that never or very rarely matches, or an hourly rule started long ago)` },
      ];
    throw error;
  }
}

export function maintenanceWindowView(window: MaintenanceWindowRecord, now = new Date()): MaintenanceWindowView {
  return {
    id: window.id,
    description: window.description,
    integration_ids: window.integrationIds,
    starts_at: window.startsAt.toISOString(),
    ends_at: window.endsAt.toISOString(),
    rrule: window.rrule,
    time_zone: window.timeZone,
    in_effect: inEffect(window, now),
    created_by: window.createdById,
    created_at: window.createdAt.toISOString(),
    updated_at: window.updatedAt.toISOString(),
  };
}

/** Maintenance windows over the API; workers reload an organization's windows on the table's NOTIFY. */
export function createMaintenanceWindowService(deps: { windows: () => MaintenanceWindowStore }) {
  const load = async (organizationId: string, id: string) => {
    const window = await deps.windows().find(organizationId, id);
    if (!window) throw new NotFoundError('Maintenance window');
    return window;
  };

  /** Span and integrations checked together, as they will be stored. */
  const check = async (organizationId: string, window: WindowSpan & { integrationIds: string[] }) => {
    const errors: Array<{ path: string; message: string }> = [];
    const length = window.endsAt.getTime() - window.startsAt.getTime();
    if (window.endsAt <= window.startsAt) errors.push({ path: 'body.ends_at', message: 'must be after starts_at' });
    else if (window.rrule && length > MAX_RECURRING_OCCURRENCE_MS)
      errors.push({ path: 'body.ends_at', message: 'an occurrence of a recurring window lasts at most 31 days' });
    else if (window.integrationIds.length === 0 && length > MAX_ORGANIZATION_WIDE_WINDOW_MS)
      errors.push({
        path: 'body.ends_at',
        message: 'a window over every integration (no integration_ids) lasts at most 7 days (each occurrence, when recurring)',
      });
    else errors.push(...ruleCostProblems(window, new Date()));
    const unique = [...new Set(window.integrationIds)];
    if (unique.length > 0) {
      const found = await deps.windows().existingIntegrations(organizationId, unique);
      unique.forEach((id, index) => {
        if (!found.has(id)) errors.push({ path: `body.integration_ids.${index}`, message: 'no such integration in this organization' });
      });
    }
    if (errors.length > 0) throw new ValidationError(errors);
    return unique;
  };

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number }) {
      const { items, total } = await deps.windows().list(auth.organizationId, query);
      const now = new Date();
      return { items: items.map((item) => maintenanceWindowView(item, now)), total };
    },

    async create(auth: AuthContext, input: WindowInput & { description: string; starts_at: string; ends_at: string }) {
      const startsAt = new Date(input.starts_at);
      const endsAt = new Date(input.ends_at);
      const rrule = input.rrule ?? null;
      const timeZone = input.time_zone ?? readSettings(await deps.windows().organizationSettings(auth.organizationId)).timezone;
      const integrationIds = await check(auth.organizationId, {
        startsAt,
        endsAt,
        rrule,
        timeZone,
        integrationIds: input.integration_ids ?? [],
      });
      const window = await deps.windows().insert(auth.organizationId, {
        description: input.description,
        integrationIds,
        startsAt,
        endsAt,
        rrule,
        timeZone,
        createdById: auth.userId,
      });
      return maintenanceWindowView(window);
    },

    async get(auth: AuthContext, id: string) {
      return maintenanceWindowView(await load(auth.organizationId, id));
    },

    async update(auth: AuthContext, id: string, input: WindowInput) {
      const window = await load(auth.organizationId, id);
      const startsAt = input.starts_at ? new Date(input.starts_at) : window.startsAt;
      const endsAt = input.ends_at ? new Date(input.ends_at) : window.endsAt;
      const rrule = input.rrule !== undefined ? input.rrule : window.rrule;
      const timeZone = input.time_zone ?? window.timeZone;
      const integrationIds = await check(auth.organizationId, {
        startsAt,
        endsAt,
        rrule,
        timeZone,
        integrationIds: input.integration_ids ?? window.integrationIds,
      });
      const updated = await deps
        .windows()
        .update(auth.organizationId, id, { startsAt, endsAt, rrule, integrationIds, description: input.description, timeZone });
      if (!updated) throw new NotFoundError('Maintenance window');
      return maintenanceWindowView(updated);
    },

    /** Removes the window; the alerts it muted stay stored and marked with its id. */
    async remove(auth: AuthContext, id: string) {
      await load(auth.organizationId, id);
      await deps.windows().remove(auth.organizationId, id);
    },
  };
}
