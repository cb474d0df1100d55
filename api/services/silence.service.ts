import type { EntityManager } from '@mikro-orm/postgresql';
import { AlertEntity, IncidentEntity, SilenceEntity, type Alert, type Silence } from '../../shared/db/entities/index.ts';
import { boundLabels } from '../../shared/domain/alert.ts';
import { BudgetExceededError, computeBudget, type ComputeBudget } from '../../shared/domain/compute-budget.ts';
import {
  compileMatchers,
  formatMatcher,
  formatMatchers,
  MATCH_LIMITS,
  matchesAll,
  matchSubject,
  type CompiledMatcher,
  type Matcher,
} from '../../shared/domain/matchers.ts';
import { silenceState, type SilenceState } from '../../shared/domain/silence.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AlertSummaryView, SilenceView } from '../schemas/silence.schemas.ts';

export type SilenceService = ReturnType<typeof createSilenceService>;

/** How much of the recent past a preview scans: enough to judge matchers, bounded whatever the traffic. */
export const MAX_UNEXPIRED_SILENCES = 10_000;

const PREVIEW_SCAN = { incidents: 2000, alerts: 5000, alertsSinceMs: 24 * 3600 * 1000, shown: 100 };

/** What a whole preview may spend matching, over every row it scans (each row also within MATCH_LIMITS). */
export const PREVIEW_LIMITS = { steps: 20_000_000, ms: 2000 };

type Subject = Parameters<typeof matchSubject>[0];

/**
 * Each row matched as ingestion would match it (labels bounded, MATCH_LIMITS per row), all rows
 * within `total`; a cut-off is a 422 saying which budget ran out.
 */
function previewMatcher(compiled: readonly CompiledMatcher[], total: ComputeBudget) {
  return (subject: Subject) => {
    const row = computeBudget('matching one alert against these matchers', MATCH_LIMITS);
    const both: ComputeBudget = {
      spend(n = 1) {
        row.spend(n);
        total.spend(n);
      },
      get spent() {
        return row.spent;
      },
    };
    try {
      return matchesAll(compiled, matchSubject({ ...subject, labels: boundLabels(subject.labels) }), both);
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      throw new ValidationError([{ path: 'body.matchers', message: error.message }], 'Matchers too expensive to preview');
    }
  };
}

export function silenceView(silence: Silence, now = new Date()): SilenceView {
  return {
    id: silence.id,
    matchers: silence.matchers.map(formatMatcher),
    matchers_text: formatMatchers(silence.matchers),
    starts_at: silence.startsAt.toISOString(),
    ends_at: silence.endsAt.toISOString(),
    status: silenceState(silence, now),
    comment: silence.comment,
    created_by: silence.createdById ?? null,
    updated_by: silence.updatedById ?? null,
    created_at: silence.createdAt.toISOString(),
    updated_at: silence.updatedAt.toISOString(),
  };
}

export function alertSummaryView(
  alert: Pick<
    Alert,
    | 'id'
    | 'incidentId'
    | 'integrationId'
    | 'platform'
    | 'title'
    | 'severity'
    | 'status'
    | 'labels'
    | 'receivedAt'
    | 'silencedBy'
    | 'silencedKind'
  >,
): AlertSummaryView {
  return {
    id: alert.id,
    incident_id: alert.incidentId ?? null,
    integration_id: alert.integrationId,
    platform: alert.platform,
    title: alert.title,
    severity: alert.severity,
    status: alert.status,
    labels: alert.labels,
    received_at: alert.receivedAt.toISOString(),
    silenced_by: alert.silencedBy ?? null,
    silenced_kind: (alert.silencedKind ?? null) as AlertSummaryView['silenced_kind'],
  };
}

const spanError = (path: string, message: string) => new ValidationError([{ path, message }]);

/**
 * Silences over the API. Workers hear of every change through the table's trigger (NOTIFY) and
 * reload the organization's rules; nothing here talks to them.
 */
export function createSilenceService(deps: { em: () => EntityManager; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();

  const load = async (id: string) => {
    const silence = await deps.em().findOne(SilenceEntity, { id });
    if (!silence) throw new NotFoundError('Silence');
    return silence;
  };

  const stateFilter = (state: SilenceState | undefined, at: Date) => {
    if (state === 'expired') return { endsAt: { $lte: at } };
    if (state === 'active') return { startsAt: { $lte: at }, endsAt: { $gt: at } };
    if (state === 'pending') return { startsAt: { $gt: at } };
    return {};
  };

  return {
    async list(_auth: AuthContext, query: { limit: number; offset: number; status?: SilenceState }) {
      const at = now();
      const [items, total] = await deps.em().findAndCount(SilenceEntity, stateFilter(query.status, at), {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: items.map((item) => silenceView(item, at)), total };
    },

    async create(auth: AuthContext, input: { matchers: Matcher[]; starts_at?: string; ends_at: string; comment: string }) {
      const at = now();
      const startsAt = input.starts_at ? new Date(input.starts_at) : at;
      const endsAt = new Date(input.ends_at);
      if (endsAt <= startsAt) throw spanError('body.ends_at', 'must be after starts_at');
      if (endsAt <= at) throw spanError('body.ends_at', 'must be in the future');
      // Every worker evaluates each alert against all of them: bounded, like any per-alert cost.
      if ((await deps.em().count(SilenceEntity, { endsAt: { $gt: at } })) >= MAX_UNEXPIRED_SILENCES)
        throw new ConflictError(`An organization has at most ${MAX_UNEXPIRED_SILENCES} pending or active silences: expire some first`);
      const silence = deps.em().create(SilenceEntity, {
        organization: auth.organizationId,
        matchers: input.matchers,
        startsAt,
        endsAt,
        comment: input.comment,
        createdById: auth.userId,
        updatedById: null,
      });
      await deps.em().flush();
      return silenceView(silence, at);
    },

    async get(_auth: AuthContext, id: string) {
      return silenceView(await load(id), now());
    },

    /** Changes a pending or active silence; an expired one is history (create a new one instead). */
    async update(auth: AuthContext, id: string, input: { matchers?: Matcher[]; starts_at?: string; ends_at?: string; comment?: string }) {
      const at = now();
      const silence = await load(id);
      if (silenceState(silence, at) === 'expired') throw new ConflictError('This silence has expired; create a new one');
      const startsAt = input.starts_at ? new Date(input.starts_at) : silence.startsAt;
      const endsAt = input.ends_at ? new Date(input.ends_at) : silence.endsAt;
      if (endsAt <= startsAt) throw spanError(input.ends_at ? 'body.ends_at' : 'body.starts_at', 'ends_at must be after starts_at');
      if (endsAt <= at) throw spanError('body.ends_at', 'must be in the future (DELETE expires a silence now)');
      if (input.matchers) silence.matchers = input.matchers;
      if (input.comment !== undefined) silence.comment = input.comment;
      silence.startsAt = startsAt;
      silence.endsAt = endsAt;
      silence.updatedById = auth.userId;
      await deps.em().flush();
      return silenceView(silence, at);
    },

    /** Expires a silence now (a pending one never starts); the row and the alerts it muted stay. */
    async expire(auth: AuthContext, id: string) {
      const at = now();
      const silence = await load(id);
      const state = silenceState(silence, at);
      if (state !== 'expired') {
        if (state === 'pending') silence.startsAt = at;
        silence.endsAt = at;
        silence.updatedById = auth.userId;
        await deps.em().flush();
      }
      return silenceView(silence, at);
    },

    /** The alerts a silence muted, newest first. */
    async mutedAlerts(_auth: AuthContext, id: string, query: { limit: number; offset: number }) {
      await load(id);
      const [items, total] = await deps
        .em()
        .findAndCount(
          AlertEntity,
          { silencedBy: id },
          { orderBy: { receivedAt: 'desc', id: 'desc' }, limit: query.limit, offset: query.offset, exclude: ['raw'] },
        );
      return { items: items.map(alertSummaryView), total };
    },

    /**
     * What the matchers would catch: open incidents (matched on their labels, severity, source and
     * integration, as their first alert was) and the alerts of the last 24 hours. Evaluated here
     * with the same evaluator as ingestion, over a bounded scan of the newest rows.
     */
    async preview(_auth: AuthContext, input: { matchers: Matcher[] }) {
      const compiled = compileMatchers(input.matchers);
      const matches = previewMatcher(compiled, computeBudget('previewing these matchers', PREVIEW_LIMITS));
      const em = deps.em();
      const incidents = await em.find(
        IncidentEntity,
        { status: { $ne: 'resolved' } },
        { orderBy: { createdAt: 'desc' }, limit: PREVIEW_SCAN.incidents },
      );
      const matchingIncidents = incidents.filter((incident) =>
        matches({
          labels: incident.labels ?? {},
          severity: incident.severity,
          platform: incident.source,
          integrationId: incident.integrationId ?? '',
        }),
      );
      const alerts = await em.find(
        AlertEntity,
        { receivedAt: { $gte: new Date(now().getTime() - PREVIEW_SCAN.alertsSinceMs) } },
        { orderBy: { receivedAt: 'desc', id: 'desc' }, limit: PREVIEW_SCAN.alerts, exclude: ['raw'] },
      );
      const matchingAlerts = alerts.filter((alert) => matches(alert));
      return {
        open_incidents: matchingIncidents.slice(0, PREVIEW_SCAN.shown).map((incident) => ({
          id: incident.id,
          title: incident.title,
          status: incident.status,
          severity: incident.severity,
          source: incident.source,
          integration_id: incident.integrationId ?? null,
          fingerprint: incident.fingerprint ?? null,
          created_at: incident.createdAt.toISOString(),
        })),
        open_incidents_total: matchingIncidents.length,
        recent_alerts: matchingAlerts.slice(0, PREVIEW_SCAN.shown).map(alertSummaryView),
        recent_alerts_total: matchingAlerts.length,
      };
    },
  };
}
