import type { AlertSummaryRecord, SilenceRecord, SilenceStore } from '../../shared/db/access/silences.ts';
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

export function silenceView(silence: SilenceRecord, now = new Date()): SilenceView {
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

export function alertSummaryView(alert: AlertSummaryRecord): AlertSummaryView {
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
export function createSilenceService(deps: { silences: () => SilenceStore; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();

  const load = async (auth: AuthContext, id: string) => {
    const silence = await deps.silences().find(auth.organizationId, id);
    if (!silence) throw new NotFoundError('Silence');
    return silence;
  };

  /** Writes `changes` to a silence just loaded; gone meanwhile is 404. */
  const save = async (auth: AuthContext, id: string, changes: Parameters<SilenceStore['update']>[2]) => {
    const silence = await deps.silences().update(auth.organizationId, id, changes);
    if (!silence) throw new NotFoundError('Silence');
    return silence;
  };

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; status?: SilenceState }) {
      const at = now();
      const { items, total } = await deps
        .silences()
        .list(auth.organizationId, { limit: query.limit, offset: query.offset, state: query.status, at });
      return { items: items.map((item) => silenceView(item, at)), total };
    },

    async create(auth: AuthContext, input: { matchers: Matcher[]; starts_at?: string; ends_at: string; comment: string }) {
      const at = now();
      const startsAt = input.starts_at ? new Date(input.starts_at) : at;
      const endsAt = new Date(input.ends_at);
      if (endsAt <= startsAt) throw spanError('body.ends_at', 'must be after starts_at');
      if (endsAt <= at) throw spanError('body.ends_at', 'must be in the future');
      // Every worker evaluates each alert against all of them: bounded, like any per-alert cost.
      if ((await deps.silences().countUnexpired(auth.organizationId, at)) >= MAX_UNEXPIRED_SILENCES)
        throw new ConflictError(`An organization has at most ${MAX_UNEXPIRED_SILENCES} pending or active silences: expire some first`);
      const silence = await deps.silences().insert(auth.organizationId, {
        matchers: input.matchers,
        startsAt,
        endsAt,
        comment: input.comment,
        createdById: auth.userId,
        updatedById: null,
      });
      return silenceView(silence, at);
    },

    async get(auth: AuthContext, id: string) {
      return silenceView(await load(auth, id), now());
    },

    /** Changes a pending or active silence; an expired one is history (create a new one instead). */
    async update(auth: AuthContext, id: string, input: { matchers?: Matcher[]; starts_at?: string; ends_at?: string; comment?: string }) {
      const at = now();
      const silence = await load(auth, id);
      if (silenceState(silence, at) === 'expired') throw new ConflictError('This silence has expired; create a new one');
      const startsAt = input.starts_at ? new Date(input.starts_at) : silence.startsAt;
      const endsAt = input.ends_at ? new Date(input.ends_at) : silence.endsAt;
      if (endsAt <= startsAt) throw spanError(input.ends_at ? 'body.ends_at' : 'body.starts_at', 'ends_at must be after starts_at');
      if (endsAt <= at) throw spanError('body.ends_at', 'must be in the future (DELETE expires a silence now)');
      const saved = await save(auth, id, {
        ...(input.matchers ? { matchers: input.matchers } : {}),
        ...(input.comment !== undefined ? { comment: input.comment } : {}),
        startsAt,
        endsAt,
        updatedById: auth.userId,
      });
      return silenceView(saved, at);
    },

    /** Expires a silence now (a pending one never starts); the row and the alerts it muted stay. */
    async expire(auth: AuthContext, id: string) {
      const at = now();
      const silence = await load(auth, id);
      const state = silenceState(silence, at);
      if (state === 'expired') return silenceView(silence, at);
      const expired = await save(auth, id, { ...(state === 'pending' ? { startsAt: at } : {}), endsAt: at, updatedById: auth.userId });
      return silenceView(expired, at);
    },

    /** The alerts a silence muted, newest first. */
    async mutedAlerts(auth: AuthContext, id: string, query: { limit: number; offset: number }) {
      await load(auth, id);
      const { items, total } = await deps.silences().mutedAlerts(auth.organizationId, id, query);
      return { items: items.map(alertSummaryView), total };
    },

    /**
     * What the matchers would catch: open incidents (matched on their labels, severity, source and
     * integration, as their first alert was) and the alerts of the last 24 hours. Evaluated here
     * with the same evaluator as ingestion, over a bounded scan of the newest rows.
     */
    async preview(auth: AuthContext, input: { matchers: Matcher[] }) {
      const compiled = compileMatchers(input.matchers);
      const matches = previewMatcher(compiled, computeBudget('previewing these matchers', PREVIEW_LIMITS));
      const store = deps.silences();
      const incidents = await store.newestOpenIncidents(auth.organizationId, PREVIEW_SCAN.incidents);
      const matchingIncidents = incidents.filter((incident) =>
        matches({
          labels: incident.labels ?? {},
          severity: incident.severity,
          platform: incident.source,
          integrationId: incident.integrationId ?? '',
        }),
      );
      const since = new Date(now().getTime() - PREVIEW_SCAN.alertsSinceMs);
      const alerts = await store.newestAlertsSince(auth.organizationId, since, PREVIEW_SCAN.alerts);
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
