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
import { routingRuleDocs } from '../docs/routing-rule.ts';

export function routingRuleRoutes(rules: RoutingRuleService) {
  return [
    defineRoute({
      method: 'get',
      path: '/routing-rules',
      operationId: 'listRoutingRules',
      summary: 'List routing rules in evaluation order',
      description: routingRuleDocs.listRoutingRules,
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
      description: routingRuleDocs.createRoutingRule,
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
      description: routingRuleDocs.reorderRoutingRules,
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
      description: routingRuleDocs.testRoutingRules,
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
      description: routingRuleDocs.updateRoutingRule,
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
      description: routingRuleDocs.deleteRoutingRule,
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
