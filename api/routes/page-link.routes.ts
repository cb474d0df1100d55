import { TokenParams } from '../schemas/contact-method.schemas.ts';
import type { ContactMethodService } from '../services/contact-method.service.ts';
import type { PageLinkOutcome, PageLinkService } from '../services/page-link.service.ts';
import { HTML_PAGE_HEADERS, htmlPage } from './html-page.ts';
import { defineRoute, type RouteResult } from './route.ts';
import { pageLinkDocs } from '../docs/page-link.ts';

const VERB = { acknowledge: 'Acknowledge', resolve: 'Resolve' } as const;

function pageLinkResult(outcome: PageLinkOutcome, confirm: boolean): RouteResult {
  if (!outcome.ok) {
    return {
      status: outcome.refusal.status,
      headers: HTML_PAGE_HEADERS,
      body: htmlPage({ title: 'Link not usable', paragraphs: [outcome.refusal.reason] }),
    };
  }
  const { incident, claims } = outcome.target;
  const facts = [`Incident: ${incident.title}`, `Severity: ${incident.severity}. Status: ${incident.status}.`];
  const body = confirm
    ? htmlPage({ title: `${VERB[claims.action]} this incident?`, paragraphs: facts, button: VERB[claims.action] })
    : htmlPage({ title: outcome.message, paragraphs: facts });
  return { status: 200, headers: HTML_PAGE_HEADERS, body };
}

const html = { description: 'An HTML page', contentType: 'text/html' };

/**
 * Links opened from mail, outside the JSON API's credentials: the token in the path is the
 * credential. GET only shows what the link would do; POST does it.
 */
export function pageLinkRoutes(links: PageLinkService, contactMethods: ContactMethodService) {
  return [
    defineRoute({
      method: 'get',
      path: '/page-links/{token}',
      operationId: 'viewPageLink',
      summary: 'The confirmation page of a one-click link from a page mail',
      description: pageLinkDocs.viewPageLink,
      tags: ['page-links'],
      access: 'public',
      request: { params: TokenParams },
      responses: { 200: html, 404: html, 410: html },
      handler: async ({ params }) => pageLinkResult(await links.view(params.token), true),
    }),
    defineRoute({
      method: 'post',
      path: '/page-links/{token}',
      operationId: 'usePageLink',
      summary: 'Acknowledge or resolve an incident with a one-click link from a page mail',
      description: pageLinkDocs.usePageLink,
      tags: ['page-links'],
      access: 'public',
      auditedBy: 'handler',
      request: { params: TokenParams },
      responses: { 200: html, 403: html, 404: html, 410: html },
      handler: async ({ params }, ctx) =>
        pageLinkResult(
          await links.redeem(params.token, {
            method: ctx.method,
            path: ctx.path,
            ip: ctx.ip ? ctx.ip.slice(0, 64) : null,
            userAgent: ctx.get('User-Agent').slice(0, 500) || null,
            requestId: String(ctx.state.requestId ?? ''),
          }),
          false,
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/contact-method-verifications/{token}',
      operationId: 'viewContactMethodVerification',
      summary: 'The confirmation page of a contact method verification link',
      description: pageLinkDocs.viewContactMethodVerification,
      tags: ['contact-methods'],
      access: 'public',
      request: { params: TokenParams },
      responses: { 200: html, 404: html },
      handler: async ({ params }) => {
        const target = await contactMethods.verificationTarget(params.token);
        return target
          ? {
              headers: HTML_PAGE_HEADERS,
              body: htmlPage({
                title: 'Confirm this address for Tocsin pages?',
                paragraphs: [`Address: ${target.address}`],
                button: 'Confirm',
              }),
            }
          : {
              status: 404,
              headers: HTML_PAGE_HEADERS,
              body: htmlPage({ title: 'Link not usable', paragraphs: ['This link is not valid, was used already, or has expired.'] }),
            };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/contact-method-verifications/{token}',
      operationId: 'verifyContactMethod',
      summary: 'Verify a contact method with the link mailed to it',
      description: pageLinkDocs.verifyContactMethod,
      tags: ['contact-methods'],
      access: 'public',
      request: { params: TokenParams },
      responses: { 200: html, 404: html },
      handler: async ({ params }) => {
        const verified = await contactMethods.verify(params.token);
        return verified
          ? {
              headers: HTML_PAGE_HEADERS,
              body: htmlPage({ title: 'Address confirmed', paragraphs: [`${verified.address} can now receive Tocsin pages.`] }),
            }
          : {
              status: 404,
              headers: HTML_PAGE_HEADERS,
              body: htmlPage({ title: 'Link not usable', paragraphs: ['This link is not valid, was used already, or has expired.'] }),
            };
      },
    }),
  ];
}
