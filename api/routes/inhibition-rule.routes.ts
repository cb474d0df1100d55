import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateInhibitionRuleBody,
  InhibitionRuleListQuery,
  InhibitionRuleListResponse,
  InhibitionRuleResponse,
  UpdateInhibitionRuleBody,
} from '../schemas/inhibition-rule.schemas.ts';
import type { InhibitionRuleService } from '../services/inhibition-rule.service.ts';
import { defineRoute } from './route.ts';
import { inhibitionRuleDocs } from '../docs/inhibition-rule.ts';

export function inhibitionRuleRoutes(rules: InhibitionRuleService) {
  return [
    defineRoute({
      method: 'get',
      path: '/inhibition-rules',
      operationId: 'listInhibitionRules',
      summary: 'List inhibition rules, oldest first',
      description: inhibitionRuleDocs.listInhibitionRules,
      tags: ['inhibition-rules'],
      access: 'escalation:read',
      request: { query: InhibitionRuleListQuery },
      responses: { 200: { description: 'A page of rules', schema: InhibitionRuleListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await rules.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/inhibition-rules',
      operationId: 'createInhibitionRule',
      summary: 'Create an inhibition rule',
      description: inhibitionRuleDocs.createInhibitionRule,
      tags: ['inhibition-rules'],
      access: 'escalation:update',
      request: { body: CreateInhibitionRuleBody },
      responses: { 201: { description: 'Created', schema: InhibitionRuleResponse } },
      errors: [409],
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await rules.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/inhibition-rules/{id}',
      operationId: 'getInhibitionRule',
      summary: 'An inhibition rule',
      tags: ['inhibition-rules'],
      access: 'escalation:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The rule', schema: InhibitionRuleResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await rules.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/inhibition-rules/{id}',
      operationId: 'updateInhibitionRule',
      summary: 'Update an inhibition rule',
      description: inhibitionRuleDocs.updateInhibitionRule,
      tags: ['inhibition-rules'],
      access: 'escalation:update',
      request: { params: IdParams, body: UpdateInhibitionRuleBody },
      responses: { 200: { description: 'The updated rule', schema: InhibitionRuleResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await rules.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/inhibition-rules/{id}',
      operationId: 'deleteInhibitionRule',
      summary: 'Delete an inhibition rule',
      tags: ['inhibition-rules'],
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
