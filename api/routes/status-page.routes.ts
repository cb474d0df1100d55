import type { Context } from 'koa';
import { envelope, IdParams } from '../schemas/common.ts';
import {
  ComponentListResponse,
  ComponentResponse,
  CreateComponentBody,
  PublicSubscribeBody,
  PutStatusPageSettingsBody,
  StatusPageParams,
  StatusPageSettingsResponse,
  StatusPageSummarySchema,
  SubscriberTokenQuery,
  UpdateComponentBody,
} from '../schemas/status-page.schemas.ts';
import { matchesEtag, type StatusPageFormat, type StatusPageService } from '../services/status-page.service.ts';
import { renderStatusMessageHtml, STATUS_PAGE_CSP } from '../../shared/status-page/render-html.ts';
import { NotFoundError } from '../../shared/errors.ts';
import { STATUS_PAGE_SLUG } from '../../shared/domain/status-page.ts';
import { defineRoute } from './route.ts';
import { statusPageDocs } from '../docs/status-page.ts';

const CONTENT_TYPES: Record<StatusPageFormat, string> = {
  html: 'text/html; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Shared caches may keep a page 15 seconds, then revalidate it with its ETag. */
const PAGE_CACHE_CONTROL = 'public, max-age=15, stale-while-revalidate=30';

/** The subscription pages: never cached or sent on as a referrer (a token is in the URL). */
const MESSAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': STATUS_PAGE_CSP,
};

/** Set by the custom-domain middleware (api/app.ts): the page is served at the host's root. */
export const STATUS_PAGE_HOST_STATE = 'statusPageHost';

/** Settings and components of the organization's status page (members), and the subscription links (anyone). */
export function statusPageAdminRoutes(pages: StatusPageService) {
  return [
    defineRoute({
      method: 'get',
      path: '/status-page',
      operationId: 'getStatusPageSettings',
      summary: "The organization's public status page settings",
      tags: ['status-page'],
      access: 'settings:read',
      responses: { 200: { description: 'Settings', schema: StatusPageSettingsResponse } },
      errors: [404],
      handler: async ({ auth }) => ({ body: envelope(await pages.getSettings(auth)) }),
    }),
    defineRoute({
      method: 'put',
      path: '/status-page',
      operationId: 'putStatusPageSettings',
      summary: "Set up the organization's public status page",
      description: statusPageDocs.putStatusPageSettings,
      tags: ['status-page'],
      access: 'settings:update',
      request: { body: PutStatusPageSettingsBody },
      responses: { 200: { description: 'Saved', schema: StatusPageSettingsResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ body: envelope(await pages.putSettings(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/status-page/components',
      operationId: 'listStatusPageComponents',
      summary: 'Components of the status page, with the status each shows now',
      tags: ['status-page'],
      access: 'settings:read',
      responses: { 200: { description: 'Components by position', schema: ComponentListResponse } },
      handler: async ({ auth }) => ({ body: envelope(await pages.listComponents(auth)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/status-page/components',
      operationId: 'createStatusPageComponent',
      summary: 'Add a component to the status page',
      tags: ['status-page'],
      access: 'settings:update',
      request: { body: CreateComponentBody },
      responses: { 201: { description: 'Created', schema: ComponentResponse } },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await pages.createComponent(auth, body)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/status-page/components/{id}',
      operationId: 'updateStatusPageComponent',
      summary: 'Change a component (its mapping, or override its status)',
      tags: ['status-page'],
      access: 'settings:update',
      request: { params: IdParams, body: UpdateComponentBody },
      responses: { 200: { description: 'The component', schema: ComponentResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await pages.updateComponent(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/status-page/components/{id}',
      operationId: 'deleteStatusPageComponent',
      summary: 'Remove a component from the status page',
      tags: ['status-page'],
      access: 'settings:update',
      request: { params: IdParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await pages.removeComponent(auth, params.id);
        return { status: 204 };
      },
    }),
    ...subscriptionLinkRoutes(pages),
  ];
}

/** The links of subscription mails: GET shows a button (mail scanners open links), POST acts; one-click unsubscribe POSTs directly (RFC 8058). */
function subscriptionLinkRoutes(pages: StatusPageService) {
  const page = (status: number, title: string, message: string, button?: string) => ({
    status,
    body: renderStatusMessageHtml(title, message, button),
    headers: MESSAGE_HEADERS,
  });
  const invalid = () => page(404, 'Link not valid', 'This link is not valid, or has expired. Subscribe again from the status page.');
  const html = { description: 'An HTML page', contentType: 'text/html' };
  return [
    defineRoute({
      method: 'get',
      path: '/status-subscriptions/confirm',
      operationId: 'showStatusSubscriptionConfirmation',
      summary: 'The page of a subscription confirmation link',
      description: statusPageDocs.showStatusSubscriptionConfirmation,
      tags: ['status-page'],
      access: 'public',
      request: { query: SubscriberTokenQuery },
      responses: { 200: html, 404: html },
      handler: ({ query }) =>
        pages.validConfirmLink(query.token)
          ? page(200, 'Confirm your subscription', 'Confirm to receive status updates at this address.', 'Confirm')
          : invalid(),
    }),
    defineRoute({
      method: 'post',
      path: '/status-subscriptions/confirm',
      operationId: 'confirmStatusSubscription',
      summary: 'Confirm a subscription (double opt-in)',
      tags: ['status-page'],
      access: 'public',
      request: { query: SubscriberTokenQuery },
      responses: { 200: html, 404: html },
      handler: async ({ query }) =>
        (await pages.confirm(query.token)) ? page(200, 'Subscribed', 'You will receive status updates at this address.') : invalid(),
    }),
    defineRoute({
      method: 'get',
      path: '/status-subscriptions/unsubscribe',
      operationId: 'showStatusUnsubscribe',
      summary: 'The page of an unsubscribe link',
      tags: ['status-page'],
      access: 'public',
      request: { query: SubscriberTokenQuery },
      responses: { 200: html, 404: html },
      handler: ({ query }) =>
        pages.validUnsubscribeLink(query.token)
          ? page(200, 'Unsubscribe', 'Stop receiving status updates at this address?', 'Unsubscribe')
          : invalid(),
    }),
    defineRoute({
      method: 'post',
      path: '/status-subscriptions/unsubscribe',
      operationId: 'unsubscribeStatusUpdates',
      summary: 'Unsubscribe (the button of the link, or one-click per RFC 8058)',
      description: statusPageDocs.unsubscribeStatusUpdates,
      tags: ['status-page'],
      access: 'public',
      request: { query: SubscriberTokenQuery },
      responses: { 200: html, 404: html },
      handler: async ({ query }) =>
        (await pages.unsubscribe(query.token))
          ? page(200, 'Unsubscribed', 'You will receive no more status updates at this address.')
          : invalid(),
    }),
  ];
}

/** Where the page's own links point: the host's root on a custom domain, else `/status/{slug}`. */
const basePathOf = (ctx: Context, slug: string) => (ctx.state[STATUS_PAGE_HOST_STATE] ? '' : `/status/${slug}`);

function publicPageRoute(pages: StatusPageService, format: StatusPageFormat, suffix: string, summary: string, extra: object) {
  return defineRoute({
    method: 'get',
    path: `/status/{slug}${suffix}`,
    operationId: `getPublicStatusPage${format === 'html' ? '' : format === 'atom' ? 'Feed' : 'Summary'}`,
    summary,
    description:
      'No login. Only what the organization published: components and their status, incidents with their public updates (never internal ones, never an incident without a public update), 90 days of history, maintenance ahead. `ETag` with `If-None-Match` answers 304; cacheable for 15 s. 404 when no enabled page has this slug.',
    tags: ['status-page'],
    access: 'public',
    request: { params: StatusPageParams },
    responses: { 200: { description: summary, ...extra }, 304: { description: 'Not modified' } },
    errors: [404],
    handler: async ({ params }, ctx) => {
      const slug = params.slug.toLowerCase();
      // A slug no page could have costs no query.
      const rendered = STATUS_PAGE_SLUG.test(slug) ? await pages.render({ slug }, format, basePathOf(ctx, slug)) : null;
      if (!rendered) throw new NotFoundError('Status page');
      const headers: Record<string, string> = { ETag: rendered.etag, 'Cache-Control': PAGE_CACHE_CONTROL, Vary: 'Host' };
      if (matchesEtag(ctx.get('If-None-Match') || undefined, rendered.etag)) return { status: 304, headers };
      return {
        body: rendered.body,
        headers: {
          ...headers,
          'Content-Type': CONTENT_TYPES[format],
          ...(format === 'html' ? { 'Content-Security-Policy': STATUS_PAGE_CSP } : {}),
        },
      };
    },
  });
}

/** The public page itself, at `/status/{slug}` (and a custom domain's root, rewritten to it by api/app.ts). */
export function publicStatusPageRoutes(pages: StatusPageService) {
  return [
    publicPageRoute(pages, 'html', '', 'The status page (HTML)', { contentType: 'text/html' }),
    publicPageRoute(pages, 'atom', '/feed.atom', 'Public updates as an Atom feed', { contentType: 'application/atom+xml' }),
    publicPageRoute(pages, 'json', '/summary.json', 'The status page as JSON', { schema: StatusPageSummarySchema }),
  ];
}

/** The page's subscribe form (rate limited per address like the API's public routes). */
export function publicStatusSubscribeRoutes(pages: StatusPageService) {
  return [
    defineRoute({
      method: 'post',
      path: '/status/{slug}/subscribe',
      operationId: 'subscribeToStatusPage',
      summary: "Subscribe an address to the status page's public updates (the page's form)",
      description: statusPageDocs.subscribeToStatusPage,
      tags: ['status-page'],
      access: 'public',
      request: {
        params: StatusPageParams,
        body: PublicSubscribeBody,
        bodyContentTypes: ['application/x-www-form-urlencoded', 'application/json'],
      },
      responses: { 200: { description: 'An HTML page saying to check the inbox', contentType: 'text/html' } },
      errors: [404, 422],
      handler: async ({ params, body }) => {
        if (!(await pages.subscribe(params.slug.toLowerCase(), body.email))) throw new NotFoundError('Status page');
        return {
          body: renderStatusMessageHtml(
            'Check your inbox',
            'If the address can receive mail, a confirmation link is on its way. Follow it to start receiving updates.',
          ),
          headers: MESSAGE_HEADERS,
        };
      },
    }),
  ];
}
