import type { OnCallSnapshot } from '../../shared/domain/on-call-snapshot.ts';
import type { Schedule, ScheduleOverride } from '../../shared/db/entities/index.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { IcalFeedStatus } from '../../shared/db/access/schedule-ical-feeds.ts';
import type { OnCallSnapshotSource } from '../../shared/db/access/schedule-on-call.ts';
import type { ScheduleStore, ScheduleUnit } from '../../shared/db/access/schedules.ts';
import { icalLayerIds } from '../../shared/domain/schedule-ical-layer.ts';
import { layerViews, writeIcalLayers } from './schedule-ical.ts';
import { hasPermission } from '../../shared/domain/permissions.ts';
import { renderSchedule } from '../../shared/domain/schedule.ts';
import { shiftsCalendar } from '../../shared/domain/schedule-calendar.ts';
import { scheduleDefinition, type LayerInput } from '../../shared/domain/schedule-definition.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import { BudgetExceededError } from '../../shared/domain/compute-budget.ts';
import { MAX_OVERRIDES_PER_SCHEDULE, MAX_SCHEDULES_PER_ORGANIZATION, OVERRIDE_COUNT_SPAN_MS } from '../../shared/domain/compute-limits.ts';
import type { AuthContext } from '../auth-context.ts';
import {
  MAX_SHIFT_RANGE_DAYS,
  type OnCallView,
  type ScheduleOverrideView,
  type ScheduleView,
  type ShiftsView,
} from '../schemas/schedule.schemas.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export interface ScheduleInput {
  name: string;
  description?: string | null;
  time_zone: string;
  layers: LayerInput[];
  team_id?: string | null;
}

/** Fetches one `ical` layer's calendar now, through the refresh workflow; resolves when it has run or timed out. */
export type IcalRefreshNow = (input: { organizationId: string; scheduleId: string; layerId: string }) => Promise<void>;

const overrideView = (override: ScheduleOverride): ScheduleOverrideView => ({
  id: override.id,
  schedule_id: override.schedule.id,
  user_id: override.userId,
  start: override.startAt.toISOString(),
  end: override.endAt.toISOString(),
  created_by: override.createdBy ?? null,
  created_at: override.createdAt.toISOString(),
});

const scheduleView = (schedule: Schedule, overrides: ScheduleOverride[], feeds: ReadonlyMap<string, IcalFeedStatus>): ScheduleView => ({
  id: schedule.id,
  name: schedule.name,
  description: schedule.description ?? null,
  time_zone: schedule.timeZone,
  layers: layerViews(schedule.layers, feeds),
  overrides: overrides.map(overrideView),
  team_id: schedule.teamId ?? null,
  created_at: schedule.createdAt.toISOString(),
  updated_at: schedule.updatedAt.toISOString(),
});

export type ScheduleService = ReturnType<typeof createScheduleService>;

/** A render cut off by its budget is the caller's range or schedule being too large: 422, not a crash. */
function renderWithin(definition: Parameters<typeof renderSchedule>[0], from: number, to: number) {
  try {
    return renderSchedule(definition, from, to);
  } catch (error) {
    if (error instanceof BudgetExceededError)
      throw new ValidationError([{ path: 'query.to', message: `${error.message}; ask for a shorter range` }]);
    throw error;
  }
}

/** On-call schedules: layers, overrides, the rendered shifts and who is on call. */
export function createScheduleService(deps: {
  schedules: () => ScheduleStore;
  /** Seals `ical` layer URLs at rest. */
  secretBox: SecretBox;
  /** Absent: `POST .../refresh` answers the layer as it is, without fetching. */
  icalRefreshNow?: IcalRefreshNow;
  /** The organization's on-call snapshot kept in memory (createOnCallSnapshots); absent: `GET /oncall` reads every schedule. */
  onCallSnapshots?: (source: OnCallSnapshotSource, organizationId: string) => Promise<OnCallSnapshot>;
  now?: () => Date;
}) {
  const now = () => deps.now?.() ?? new Date();

  /** 404 unless the schedule (of the caller's organization) was found. */
  const orNotFound = async (read: Promise<Schedule | undefined>) => {
    const schedule = await read;
    if (!schedule) throw new NotFoundError('Schedule');
    return schedule;
  };

  /** 422 naming every user id that is not a member of the caller's organization. */
  const assertMembers = async (unit: ScheduleUnit, ids: { id: string; path: string }[]) => {
    const found = await unit.existingUsers(ids.map((entry) => entry.id));
    const errors = ids
      .filter((entry) => !found.has(entry.id))
      .map((entry) => ({ path: entry.path, message: 'not a member of this organization' }));
    if (errors.length > 0) throw new ValidationError(errors);
  };
  const layerMembers = (layers: LayerInput[]) =>
    layers.flatMap((layer, i) => (layer.kind === 'ical' ? [] : layer.users.map((id, j) => ({ id, path: `body.layers.${i}.users.${j}` }))));

  /** 422 unless the owner team (when given) is the organization's. */
  const assertOwnerTeam = async (unit: ScheduleUnit, teamId: string | null | undefined) => {
    if (teamId && !(await unit.isTeam(teamId)))
      throw new ValidationError([{ path: 'body.team_id', message: 'no such team in this organization' }]);
  };

  /** Without `schedules:update`, a responder (`incidents:update`) may only put themselves on call. */
  const assertMayOverride = (auth: AuthContext, userId: string) => {
    if (hasPermission(auth.permissions, 'schedules:update')) return;
    if (userId === auth.userId && hasPermission(auth.permissions, 'incidents:update')) return;
    throw new AppError(
      'INSUFFICIENT_PERMISSIONS',
      'Only schedule editors change overrides of others; responders may override for themselves',
      {
        fields: { required_permission: 'schedules:update' },
      },
    );
  };

  const view = async (store: ScheduleStore, organizationId: string, schedule: Schedule) =>
    scheduleView(
      schedule,
      await store.overridesOf(organizationId, [schedule.id], { from: now(), limit: 100 }),
      await store.icalStatusOf(organizationId, [schedule.id]),
    );
  /** The schedule with its overrides over `[from, to)` and its imported events, for rendering. */
  const definitionOf = async (store: ScheduleStore, organizationId: string, schedule: Schedule, from: number, to: number) =>
    scheduleDefinition(
      schedule,
      await store.overridesOf(organizationId, [schedule.id], { from: new Date(from), to: new Date(to) }),
      await store.importedEvents(organizationId, [schedule.id]),
    );

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; team_id?: string }) {
      const store = deps.schedules();
      const { items, total } = await store.list(auth.organizationId, { limit: query.limit, offset: query.offset, teamId: query.team_id });
      const ids = items.map((item) => item.id);
      const overrides = await store.overridesOf(auth.organizationId, ids, { from: now() });
      const feeds = await store.icalStatusOf(auth.organizationId, ids);
      return {
        items: items.map((item) => scheduleView(item, overrides.filter((o) => o.schedule.id === item.id).slice(0, 100), feeds)),
        total,
      };
    },

    async create(auth: AuthContext, input: ScheduleInput) {
      const store = deps.schedules();
      const schedule = await store.transaction(auth.organizationId, async (unit) => {
        if ((await unit.count()) >= MAX_SCHEDULES_PER_ORGANIZATION)
          throw new ConflictError(`An organization has at most ${MAX_SCHEDULES_PER_ORGANIZATION} schedules; remove some first`);
        await assertMembers(unit, layerMembers(input.layers));
        await assertOwnerTeam(unit, input.team_id);
        const created = unit.insert({
          teamId: input.team_id ?? null,
          name: input.name,
          description: input.description ?? null,
          timeZone: input.time_zone,
          layers: [],
        });
        const { layers, changes } = await writeIcalLayers(
          unit.icalFeeds,
          deps.secretBox,
          { organizationId: auth.organizationId, scheduleId: created.id, previous: [] },
          input.layers,
        );
        created.layers = layers;
        unit.recordUpdated({ schedule_id: created.id, reason: 'created', actor_id: auth.userId, ical: changes });
        return created;
      });
      return view(store, auth.organizationId, schedule);
    },

    async get(auth: AuthContext, id: string) {
      const store = deps.schedules();
      return view(store, auth.organizationId, await orNotFound(store.find(auth.organizationId, id)));
    },

    async update(auth: AuthContext, id: string, input: Partial<ScheduleInput>) {
      const store = deps.schedules();
      const schedule = await store.transaction(auth.organizationId, async (unit) => {
        const stored = await orNotFound(unit.find(id));
        if (input.layers !== undefined) await assertMembers(unit, layerMembers(input.layers));
        await assertOwnerTeam(unit, input.team_id);
        if (input.team_id !== undefined) stored.teamId = input.team_id;
        if (input.name !== undefined) stored.name = input.name;
        if (input.description !== undefined) stored.description = input.description;
        if (input.time_zone !== undefined) stored.timeZone = input.time_zone;
        let ical;
        if (input.layers !== undefined) {
          const written = await writeIcalLayers(
            unit.icalFeeds,
            deps.secretBox,
            { organizationId: auth.organizationId, scheduleId: stored.id, previous: stored.layers },
            input.layers,
          );
          stored.layers = written.layers;
          ical = written.changes;
        }
        unit.recordUpdated({ schedule_id: stored.id, reason: 'updated', actor_id: auth.userId, ical });
        return stored;
      });
      return view(store, auth.organizationId, schedule);
    },

    async remove(auth: AuthContext, id: string) {
      await deps.schedules().transaction(auth.organizationId, async (unit) => {
        const schedule = await orNotFound(unit.find(id));
        unit.remove(schedule);
        // The feeds go with the schedule (cascade); their refresh schedules go through the relay.
        unit.recordUpdated({
          schedule_id: id,
          reason: 'deleted',
          actor_id: auth.userId,
          ical: { refresh: [], removed: icalLayerIds(schedule.layers) },
        });
      });
    },

    async addOverride(auth: AuthContext, id: string, input: { user_id: string; start: string; end: string }) {
      const override = await deps.schedules().transaction(auth.organizationId, async (unit) => {
        const schedule = await orNotFound(unit.find(id));
        assertMayOverride(auth, input.user_id);
        await assertMembers(unit, [{ id: input.user_id, path: 'body.user_id' }]);
        const [start, end] = [Date.parse(input.start), Date.parse(input.end)];
        const nearby = await unit.overridesOverlapping(
          id,
          new Date(start - OVERRIDE_COUNT_SPAN_MS),
          new Date(end + OVERRIDE_COUNT_SPAN_MS),
        );
        if (nearby >= MAX_OVERRIDES_PER_SCHEDULE)
          throw new ConflictError(
            `A schedule has at most ${MAX_OVERRIDES_PER_SCHEDULE} overrides within 366 days of each other; remove some first`,
          );
        const added = unit.insertOverride(schedule, {
          userId: input.user_id,
          startAt: new Date(input.start),
          endAt: new Date(input.end),
          createdBy: auth.userId,
        });
        unit.recordUpdated({ schedule_id: id, reason: 'override_added', override_id: added.id, actor_id: auth.userId });
        return added;
      });
      return overrideView(override);
    },

    async removeOverride(auth: AuthContext, id: string, overrideId: string) {
      await deps.schedules().transaction(auth.organizationId, async (unit) => {
        await orNotFound(unit.find(id));
        const override = await unit.findOverride(id, overrideId);
        if (!override) throw new NotFoundError('Override');
        assertMayOverride(auth, override.userId);
        unit.removeOverride(override);
        unit.recordUpdated({ schedule_id: id, reason: 'override_removed', override_id: overrideId, actor_id: auth.userId });
      });
    },

    async shifts(auth: AuthContext, id: string, query: { from?: string; to?: string }): Promise<ShiftsView> {
      const from = query.from ? Date.parse(query.from) : now().getTime();
      const to = query.to ? Date.parse(query.to) : from + 14 * DAY;
      if (!(to > from)) throw new ValidationError([{ path: 'query.to', message: 'must be after from' }]);
      if (to - from > MAX_SHIFT_RANGE_DAYS * DAY)
        throw new ValidationError([{ path: 'query.to', message: `at most ${MAX_SHIFT_RANGE_DAYS} days after from` }]);
      const store = deps.schedules();
      const schedule = await orNotFound(store.find(auth.organizationId, id));
      const rendered = renderWithin(await definitionOf(store, auth.organizationId, schedule, from, to), from, to);
      return {
        schedule_id: id,
        time_zone: schedule.timeZone,
        from: iso(from),
        to: iso(to),
        shifts: rendered.shifts.map((shift) => ({
          user_id: shift.user,
          start: iso(shift.start),
          end: iso(shift.end),
          source: shift.source,
        })),
        gaps: rendered.gaps.map((gap) => ({ start: iso(gap.start), end: iso(gap.end) })),
        layers: rendered.layers.map((intervals, index) => ({
          index,
          shifts: intervals.map((interval) => ({ user_id: interval.user, start: iso(interval.start), end: iso(interval.end) })),
        })),
      };
    },

    /** The final shifts over `[from, to)` (default: a week back to 90 days ahead) as an iCalendar document. */
    async calendar(auth: AuthContext, id: string, query: { from?: string; to?: string }): Promise<string> {
      const at = now().getTime();
      const from = query.from ? Date.parse(query.from) : at - 7 * DAY;
      const to = query.to ? Date.parse(query.to) : from + (query.from ? 14 : 97) * DAY;
      const rendered = await this.shifts(auth, id, { from: iso(from), to: iso(to) });
      const store = deps.schedules();
      const schedule = await orNotFound(store.find(auth.organizationId, id));
      const names = await store.memberNames(auth.organizationId, [...new Set(rendered.shifts.map((shift) => shift.user_id))]);
      return shiftsCalendar(
        schedule.name,
        rendered.shifts.map((shift) => ({
          schedule_id: id,
          schedule_name: schedule.name,
          user_id: shift.user_id,
          user_name: names.get(shift.user_id) ?? shift.user_id,
          start: Date.parse(shift.start),
          end: Date.parse(shift.end),
          source: shift.source,
        })),
        at,
      );
    },

    /** Fetches an `ical` layer's calendar now and answers the schedule with the layer's new state. */
    async refreshLayer(auth: AuthContext, id: string, layerId: string) {
      const store = deps.schedules();
      const schedule = await orNotFound(store.find(auth.organizationId, id));
      if (!(await store.hasIcalLayer(auth.organizationId, id, layerId))) throw new NotFoundError('Calendar layer');
      await deps.icalRefreshNow?.({ organizationId: auth.organizationId, scheduleId: id, layerId });
      // A refresh writes the layer's calendar only, which the view reads afresh.
      return view(store, auth.organizationId, schedule);
    },

    /** Who is on call at `at` (default now) on every schedule of the organization, by name. */
    async onCall(auth: AuthContext, query: { at?: string }): Promise<{ at: string; items: OnCallView[] }> {
      const at = query.at ? Date.parse(query.at) : now().getTime();
      const store = deps.schedules();
      const cached = await deps.onCallSnapshots?.(store, auth.organizationId);
      const snapshot = cached && at >= cached.validFrom ? cached : await store.onCallSnapshot(auth.organizationId, at);
      const items = snapshot.at(at).map(({ schedule, shift }): OnCallView => ({
        schedule_id: schedule.id,
        schedule_name: schedule.name,
        time_zone: schedule.timeZone,
        user_id: shift?.user ?? null,
        source: shift?.source ?? null,
        start: shift ? iso(shift.start) : null,
        end: shift ? iso(shift.end) : null,
      }));
      return { at: iso(at), items };
    },
  };
}
