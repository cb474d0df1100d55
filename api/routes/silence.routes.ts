import { envelope, IdParams, PaginationQuery, pageEnvelope } from '../schemas/common.ts';
import {
  AlertSummaryListResponse,
  CreateSilenceBody,
  PreviewSilenceBody,
  SilenceListQuery,
  SilenceListResponse,
  SilencePreviewResponse,
  SilenceResponse,
  UpdateSilenceBody,
} from '../schemas/silence.schemas.ts';
import type { SilenceService } from '../services/silence.service.ts';
import { defineRoute } from './route.ts';

const EFFECT =
  'An alert a silence catches while active (received at or after `starts_at`, before `ends_at`) is stored and counted as usual, marked with `silenced_by` (`GET /silences/{id}/alerts`); it opens no incident, adds nothing to an open one but a timeline entry (`alert_silenced`), and notifies no one (no events, webhooks, mails or pushes). A resolved alert still resolves its open incident. Once the silence ends, the next firing alert behaves as usual. Workers apply a change within moments (their cache is invalidated by a database notification).';

export function silenceRoutes(silences: SilenceService) {
  return [
    defineRoute({
      method: 'get',
      path: '/silences',
      operationId: 'listSilences',
      summary: 'List silences',
      description: 'Newest first; `status` keeps those `pending` (not started), `active` or `expired` now.',
      tags: ['silences'],
      access: 'silences:read',
      request: { query: SilenceListQuery },
      responses: { 200: { description: 'A page of silences', schema: SilenceListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await silences.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/silences',
      operationId: 'createSilence',
      summary: 'Mute the alerts that match, for a while',
      description: `${EFFECT} An organization holds at most 10,000 pending or active silences (409 CONFLICT beyond).`,
      tags: ['silences'],
      access: 'silences:create',
      request: { body: CreateSilenceBody },
      responses: { 201: { description: 'Created', schema: SilenceResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await silences.create(auth, body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/silences/preview',
      operationId: 'previewSilence',
      summary: 'What matchers would catch: open incidents and recent alerts',
      description:
        'Changes nothing. Open incidents are matched on the labels, severity, source and integration of the alert that opened them; alerts on those of the last 24 hours. Scans the newest 2,000 open incidents and 5,000 alerts, each matched as ingestion matches an alert (label values cut to 1,024 characters, the same per-alert budget); a preview too expensive to evaluate is a 422 saying so.',
      tags: ['silences'],
      access: 'silences:read',
      request: { body: PreviewSilenceBody },
      responses: { 200: { description: 'What the matchers catch', schema: SilencePreviewResponse } },
      handler: async ({ auth, body }) => ({ body: envelope(await silences.preview(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/silences/{id}',
      operationId: 'getSilence',
      summary: 'Read a silence',
      tags: ['silences'],
      access: 'silences:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The silence', schema: SilenceResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await silences.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/silences/{id}',
      operationId: 'updateSilence',
      summary: 'Change a pending or active silence',
      description:
        'An expired silence cannot change (409 CONFLICT): create a new one. `ends_at` must stay in the future; `DELETE` ends a silence now.',
      tags: ['silences'],
      access: 'silences:update',
      request: { params: IdParams, body: UpdateSilenceBody },
      responses: { 200: { description: 'The silence', schema: SilenceResponse } },
      errors: [404, 409],
      handler: async ({ auth, params, body }) => ({ body: envelope(await silences.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/silences/{id}',
      operationId: 'expireSilence',
      summary: 'Expire a silence now',
      description:
        'Sets `ends_at` to now (a pending silence never starts) and answers the expired silence; expiring an expired one changes nothing. The silence and the alerts it muted are kept.',
      tags: ['silences'],
      access: 'silences:update',
      request: { params: IdParams },
      responses: { 200: { description: 'The expired silence', schema: SilenceResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await silences.expire(auth, params.id)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/silences/{id}/alerts',
      operationId: 'listSilencedAlerts',
      summary: 'The alerts a silence muted',
      description: 'Newest first.',
      tags: ['silences'],
      access: 'silences:read',
      request: { params: IdParams, query: PaginationQuery },
      responses: { 200: { description: 'A page of alerts', schema: AlertSummaryListResponse } },
      errors: [404],
      handler: async ({ auth, params, query }) => ({ body: pageEnvelope(await silences.mutedAlerts(auth, params.id, query), query) }),
    }),
  ];
}
