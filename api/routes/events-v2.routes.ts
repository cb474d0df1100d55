import { z } from 'zod';
import { readRawBody } from '../middleware/raw-body.ts';
import type { EventsV2Service } from '../services/events-v2.service.ts';
import { defineRoute } from './route.ts';

const EventProcessed = z
  .object({
    status: z.literal('success'),
    message: z.string(),
    dedup_key: z.string().optional().describe("The event's dedup key: the one sent, or the one generated for a trigger sent without"),
  })
  .meta({
    id: 'EventsV2Accepted',
    examples: [{ status: 'success', message: 'Event processed', dedup_key: 'disk-full-db-1' }],
  });

const InvalidEvent = z
  .object({
    status: z.literal('invalid event'),
    message: z.literal('Event object is invalid'),
    errors: z.array(z.string()),
  })
  .meta({
    id: 'EventsV2Invalid',
    examples: [{ status: 'invalid event', message: 'Event object is invalid', errors: ["'payload.summary' is missing or blank"] }],
  });

const ALERT_EVENT =
  "PagerDuty's Events API v2, unchanged: a sender configured for `https://events.pagerduty.com/v2/enqueue` only needs this URL. " +
  'Body: `routing_key` (the routing key of a `pager` integration, shown with its secret on creation and rotation), `event_action` (`trigger`, `acknowledge`, `resolve`), `dedup_key` (at most 255 characters; required for acknowledge and resolve; generated and answered for a trigger sent without), ' +
  '`payload` for triggers (`summary` ≤ 1024 characters, `source`, `severity` critical|error|warning|info, and optional `timestamp`, `component`, `group`, `class`, `custom_details`), `links`, `images`, `client`, `client_url`. ' +
  'A trigger opens an incident (severity critical/high/medium/low for critical/error/warning/info) or joins the open incident of its dedup key (alert count up), through the same ingestion as every webhook; ' +
  'resolve resolves that incident; acknowledge moves it from `active` to `investigating` (stopping its escalation); an acknowledge or resolve whose dedup key has no open incident is accepted and dropped, as PagerDuty does. ' +
  'The same body sent again within the deduplication window (600 s by default) is a retry and counts once. ' +
  'Answers PagerDuty\'s: 202 `{status: "success", message: "Event processed", dedup_key}`; 400 `{status: "invalid event", message: "Event object is invalid", errors: [...]}` for a bad body or an unknown routing key (`Invalid routing key`); ' +
  "429 past the integration's hourly webhook quota (retry later, as PagerDuty asks); 413 over the body limit; 503 while alerts cannot be queued.";

const CHANGE_EVENT =
  "PagerDuty's change events: body `routing_key`, `payload.summary` (≤ 1024 characters), optional `payload.source`, `payload.timestamp`, `payload.custom_details`, `links`. " +
  "Written as a `change_event` entry on the timeline of each open incident of the routing key's integration (the newest 100), as context for responders; opens nothing and pages no one. " +
  'Answers 202 `{status: "success", message: "Change event processed"}`, or the 400 `invalid event` shape.';

const responses = {
  202: { description: 'Accepted (held by Temporal for alert events)', schema: EventProcessed },
  400: { description: 'PagerDuty\'s "invalid event": a bad body or an unknown routing key', schema: InvalidEvent },
};

/** The two kinds of event, each at the root and scoped to one integration. */
function eventKinds(events: EventsV2Service) {
  return [
    { path: 'v2/enqueue', operation: 'EventsV2', what: 'an alert event', description: ALERT_EVENT, send: events.enqueue },
    {
      path: 'v2/change/enqueue',
      operation: 'ChangeEventsV2',
      what: 'a change event',
      description: CHANGE_EVENT,
      send: events.enqueueChange,
    },
  ];
}

const common = {
  method: 'post' as const,
  tags: ['webhooks'],
  access: 'public' as const,
  rateLimit: 'webhook' as const,
  authenticatedBy: 'handler' as const,
  responses,
  errors: [413, 429, 503],
};

/**
 * PagerDuty's paths, at the root (`/v2/enqueue`, as on events.pagerduty.com), and scoped to one
 * integration under the webhooks (`/api/v1/webhooks/pager/{integration_id}/v2/...`).
 */
export function eventsV2RootRoutes(events: EventsV2Service, options: { maxBodyBytes: number }) {
  return eventKinds(events).map((kind) =>
    defineRoute({
      ...common,
      path: `/${kind.path}`,
      operationId: `enqueue${kind.operation}`,
      summary: `Send ${kind.what} (PagerDuty Events API v2)`,
      description: kind.description,
      handler: async ({ rateLimit }, ctx) => {
        const answer = await kind.send({ rawBody: await readRawBody(ctx, options.maxBodyBytes), headers: ctx.headers }, rateLimit);
        return { status: answer.status, body: answer.body };
      },
    }),
  );
}

const IntegrationParams = z.object({ integration_id: z.string().max(100) });

export function eventsV2IntegrationRoutes(events: EventsV2Service, options: { maxBodyBytes: number }) {
  return eventKinds(events).map((kind) =>
    defineRoute({
      ...common,
      path: `/webhooks/pager/{integration_id}/${kind.path}`,
      operationId: `enqueueIntegration${kind.operation}`,
      summary: `Send ${kind.what} (PagerDuty Events API v2) to one integration`,
      description: `${kind.description} Scoped to one integration: the routing key must be the routing key of the integration in the path.`,
      request: { params: IntegrationParams },
      handler: async ({ params, rateLimit }, ctx) => {
        const rawBody = await readRawBody(ctx, options.maxBodyBytes);
        const answer = await kind.send({ rawBody, headers: ctx.headers, integrationId: params.integration_id }, rateLimit);
        return { status: answer.status, body: answer.body };
      },
    }),
  );
}
