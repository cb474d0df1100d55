import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateRoutingRuleBody,
  ReorderRoutingRulesBody,
  RoutingRuleListQuery,
  RoutingRuleListResponse,
  RoutingRuleResponse,
  RoutingTestResponse,
  TestRoutingBody,
  UpdateRoutingRuleBody,
} from '../schemas/routing-rule.schemas.ts';
import type { RoutingRuleService } from '../services/routing-rule.service.ts';
import { defineRoute } from './route.ts';

const HOW_ROUTING_WORKS =
  "When an alert opens an incident, the organization's enabled rules are tried in `position` order and the first whose matchers all hold chooses the escalation policy and the urgency; " +
  "when none matches, the integration's policy applies, else the organization's default, at `high` urgency. The incident records the rule, the policy and the urgency. " +
  'Incidents created by hand are not routed. A change applies to incidents that open afterwards.';

export function routingRuleRoutes(rules: RoutingRuleService) {
  return [
    defineRoute({
      method: 'get',
      path: '/routing-rules',
      operationId: 'listRoutingRules',
      summary: 'List routing rules in evaluation order',
      description: HOW_ROUTING_WORKS,
      tags: ['routing-rules'],
      access: 'escalation:read',
      request: { query: RoutingRuleListQuery },
      responses: { 200: { description: 'A page of rules, first evaluated first', schema: RoutingRuleListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await rules.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/routing-rules',
      operationId: 'createRoutingRule',
      summary: 'Create a routing rule',
      description: `${HOW_ROUTING_WORKS} The new rule goes last unless \`position\` says otherwise. An organization keeps at most 200 rules (409 beyond).`,
      tags: ['routing-rules'],
      access: 'escalation:update',
      request: { body: CreateRoutingRuleBody },
      responses: { 201: { description: 'Created', schema: RoutingRuleResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await rules.create(auth, body)) }),
    }),
    defineRoute({
      method: 'put',
      path: '/routing-rules/order',
      operationId: 'reorderRoutingRules',
      summary: 'Set the evaluation order of all routing rules',
      description:
        'The body lists every rule of the organization once, first evaluated first; the answer is the whole list in its new order.',
      tags: ['routing-rules'],
      access: 'escalation:update',
      request: { body: ReorderRoutingRulesBody },
      responses: { 200: { description: 'Every rule, in the new order', schema: RoutingRuleListResponse } },
      handler: async ({ auth, body }) => {
        const page = await rules.reorder(auth, body.rule_ids);
        return { body: pageEnvelope(page, { limit: Math.max(page.total, 1), offset: 0 }) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/routing-rules/test',
      operationId: 'testRoutingRules',
      summary: 'Which rule, escalation policy and urgency an alert would get',
      description:
        'Runs routing on the alert described, exactly as for an incident it would open (label values cut to 1,024 characters, the same per-alert matching budget), and changes nothing. 404 when `integration_id` is not an integration of the organization; 422 when the rules are too expensive to evaluate for these labels.',
      tags: ['routing-rules'],
      access: 'escalation:read',
      request: { body: TestRoutingBody },
      responses: { 200: { description: 'The routing decision', schema: RoutingTestResponse } },
      errors: [404],
      handler: async ({ auth, body }) => ({ body: envelope(await rules.test(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/routing-rules/{id}',
      operationId: 'getRoutingRule',
      summary: 'Read a routing rule',
      tags: ['routing-rules'],
      access: 'escalation:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The rule', schema: RoutingRuleResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await rules.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/routing-rules/{id}',
      operationId: 'updateRoutingRule',
      summary: 'Update a routing rule, or move it with `position`',
      description: 'Incidents already open keep the policy and urgency they were routed to.',
      tags: ['routing-rules'],
      access: 'escalation:update',
      request: { params: IdParams, body: UpdateRoutingRuleBody },
      responses: { 200: { description: 'The rule', schema: RoutingRuleResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await rules.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/routing-rules/{id}',
      operationId: 'deleteRoutingRule',
      summary: 'Delete a routing rule',
      description: 'The rules after it move up one position. Incidents it routed keep its id as history.',
      tags: ['routing-rules'],
      access: 'escalation:update',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await rules.remove(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}
