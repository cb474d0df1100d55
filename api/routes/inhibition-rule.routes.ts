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

const HOW_INHIBITION_WORKS =
  "Alertmanager's inhibit rules: while an alert the `source_matchers` select is firing (the latest alert of its key, in an open incident, not itself muted), " +
  'a firing alert the `target_matchers` select whose `equal` labels have the same values is stored with `silenced_kind: "inhibition"` and `silenced_by` (the rule id): ' +
  'it opens nothing and pages no one. An alert matching both sides is not inhibited by a source that also matches both. ' +
  'When a source resolves, each inhibited alert still firing that nothing inhibits any longer joins or opens its incident. Workers apply a change within moments.';

export function inhibitionRuleRoutes(rules: InhibitionRuleService) {
  return [
    defineRoute({
      method: 'get',
      path: '/inhibition-rules',
      operationId: 'listInhibitionRules',
      summary: 'List inhibition rules, oldest first',
      description: HOW_INHIBITION_WORKS,
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
      description: `${HOW_INHIBITION_WORKS} An organization keeps at most 100 rules (409 beyond).`,
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
      description: 'Applies to alerts received afterwards; alerts already inhibited are released only when a source resolves.',
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
