import type { AuthContext } from '../auth-context.ts';
import { envelope, IdParams, PaginationQuery, pageEnvelope } from '../schemas/common.ts';
import {
  ContactMethodListResponse,
  ContactMethodResponse,
  CreateContactMethodBody,
  CreateNotificationRuleBody,
  NotificationRuleListResponse,
  NotificationRuleResponse,
  TestPageResponse,
  UpdateContactMethodBody,
  UpdateNotificationRuleBody,
  VerifyContactMethodBody,
} from '../schemas/contact-method.schemas.ts';
import type { ContactMethodService } from '../services/contact-method.service.ts';
import type { NotificationRuleService } from '../services/notification-rule.service.ts';
import { defineRoute } from './route.ts';

const OWN =
  "Every member manages only their own (another member's id is 404). Changes need a signed-in member: an API key is refused (403).";

/** Deleting one of the member's own contact methods or rules: the same access, answer and errors for both. */
function removeOwnRoute(path: string, operationId: string, summary: string, remove: (auth: AuthContext, id: string) => Promise<void>) {
  return defineRoute({
    method: 'delete',
    path,
    operationId,
    summary,
    tags: ['contact-methods'],
    access: 'authenticated',
    request: { params: IdParams },
    responses: { 204: { description: 'Removed' } },
    errors: [403, 404],
    handler: async ({ auth, params }) => {
      await remove(auth, params.id);
      return { status: 204 };
    },
  });
}

export function contactMethodRoutes(methods: ContactMethodService, rules: NotificationRuleService) {
  return [
    defineRoute({
      method: 'get',
      path: '/users/me/contact-methods',
      operationId: 'listMyContactMethods',
      summary: 'Your contact methods',
      description: `How escalations page you. ${OWN}`,
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { query: PaginationQuery },
      responses: { 200: { description: 'A page of contact methods', schema: ContactMethodListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await methods.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/users/me/contact-methods',
      operationId: 'createMyContactMethod',
      summary: 'Add a contact method',
      description:
        '`email`: your account address counts as verified; any other gets a single-use verification link (24 hours), and is never paged until it is confirmed. ' +
        '`webhook`: pages are POSTed as JSON (your `template`, rendered) through the outbound client that refuses private addresses; the URL and headers are stored encrypted and never shown again. ' +
        'Other kinds (`push`, `sms`, `voice`, `slack`, `matrix`, as this server offers them) get a 6-digit code through the channel itself, confirmed with POST .../verify; a method the code cannot reach is not kept (422). ' +
        `At most 20 per member (409). ${OWN}`,
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { body: CreateContactMethodBody },
      responses: { 201: { description: 'Created', schema: ContactMethodResponse } },
      errors: [403, 409, 422],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await methods.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/users/me/contact-methods/{id}',
      operationId: 'getMyContactMethod',
      summary: 'Read one of your contact methods',
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { params: IdParams },
      responses: { 200: { description: 'The contact method', schema: ContactMethodResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await methods.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/users/me/contact-methods/{id}',
      operationId: 'updateMyContactMethod',
      summary: 'Change one of your contact methods',
      description: `A webhook's \`url\` and \`headers\` are replaced together. An email address cannot change: add another. ${OWN}`,
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { params: IdParams, body: UpdateContactMethodBody },
      responses: { 200: { description: 'The contact method', schema: ContactMethodResponse } },
      errors: [403, 404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await methods.update(auth, params.id, body)) }),
    }),
    removeOwnRoute(
      '/users/me/contact-methods/{id}',
      'deleteMyContactMethod',
      'Remove one of your contact methods and its notification rules',
      methods.remove,
    ),
    defineRoute({
      method: 'post',
      path: '/users/me/contact-methods/{id}/verification',
      operationId: 'resendMyContactMethodVerification',
      summary: 'Send a new verification link or code to an unverified method',
      description:
        'Email: a new link is mailed. Other kinds (push, SMS, voice, chat): a new 6-digit code is sent through the channel itself (422 when it cannot be delivered). ' +
        'The previous link or code stops working. 409 when the method needs no verification; 429 within a minute of the last one.',
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { params: IdParams },
      responses: { 200: { description: 'The contact method', schema: ContactMethodResponse } },
      errors: [403, 404, 409, 422, 429],
      handler: async ({ auth, params }) => ({ body: envelope(await methods.resendVerification(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/users/me/contact-methods/{id}/verify',
      operationId: 'verifyMyContactMethodCode',
      summary: 'Confirm a contact method with the code it received',
      description:
        'For methods verified by `code`: the 6-digit code sent through the channel when the method was added (or resent). ' +
        'A wrong code is 422 and counts a try; after 5 wrong tries, or 15 minutes, the code is spent and a new one must be sent (409).',
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { params: IdParams, body: VerifyContactMethodBody },
      responses: { 200: { description: 'The contact method, verified', schema: ContactMethodResponse } },
      errors: [403, 404, 409, 422],
      handler: async ({ auth, params, body }) => ({ body: envelope(await methods.verifyCode(auth, params.id, body.code)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/users/me/contact-methods/{id}/test',
      operationId: 'testMyContactMethod',
      summary: 'Send a test page',
      description:
        'Sends a page marked as a test through the method now, the way a real page goes, and answers whether it went (`failed` with the error: an HTTP status, a refused address...). ' +
        '409 for an unverified address.',
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { params: IdParams },
      responses: { 200: { description: 'What happened', schema: TestPageResponse } },
      errors: [403, 404, 409],
      handler: async ({ auth, params }) => ({ body: envelope(await methods.sendTest(auth, params.id)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/users/me/notification-rules',
      operationId: 'listMyNotificationRules',
      summary: 'Your notification rules',
      description:
        "When a level of an escalation pages you, each rule for the page's urgency (or `any`) notifies its contact method `delay_minutes` after the page, until someone acknowledges. " +
        'Low-urgency pages use email rules only. Rules of unverified methods are skipped. Without any rule that applies, you get an email at once on your account address. ' +
        OWN,
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { query: PaginationQuery },
      responses: { 200: { description: 'A page of rules, soonest first', schema: NotificationRuleListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await rules.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/users/me/notification-rules',
      operationId: 'createMyNotificationRule',
      summary: 'Add a notification rule',
      description: `\`contact_method_id\` must be one of your contact methods (422 otherwise). At most 20 per member (409). ${OWN}`,
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { body: CreateNotificationRuleBody },
      responses: { 201: { description: 'Created', schema: NotificationRuleResponse } },
      errors: [403, 409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await rules.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/users/me/notification-rules/{id}',
      operationId: 'getMyNotificationRule',
      summary: 'Read one of your notification rules',
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { params: IdParams },
      responses: { 200: { description: 'The rule', schema: NotificationRuleResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await rules.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/users/me/notification-rules/{id}',
      operationId: 'updateMyNotificationRule',
      summary: 'Change one of your notification rules',
      description: 'Escalations under way keep the rules they planned each level with.',
      tags: ['contact-methods'],
      access: 'authenticated',
      request: { params: IdParams, body: UpdateNotificationRuleBody },
      responses: { 200: { description: 'The rule', schema: NotificationRuleResponse } },
      errors: [403, 404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await rules.update(auth, params.id, body)) }),
    }),
    removeOwnRoute('/users/me/notification-rules/{id}', 'deleteMyNotificationRule', 'Remove one of your notification rules', rules.remove),
  ];
}
