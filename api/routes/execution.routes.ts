import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import { ExecutionListQuery, ExecutionListResponse, ExecutionResponse, UpdateExecutionBody } from '../schemas/procedure.schemas.ts';
import type { ExecutionService } from '../services/execution.service.ts';
import { defineRoute } from './route.ts';
import { executionDocs } from '../docs/execution.ts';

export function executionRoutes(executions: ExecutionService) {
  return [
    defineRoute({
      method: 'get',
      path: '/executions',
      operationId: 'listExecutions',
      summary: 'List executions, newest first',
      tags: ['executions'],
      access: 'executions:read',
      request: { query: ExecutionListQuery },
      responses: { 200: { description: 'A page of executions with their step statuses', schema: ExecutionListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await executions.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'get',
      path: '/executions/{id}',
      operationId: 'getExecution',
      summary: 'An execution with the status of every step',
      tags: ['executions'],
      access: 'executions:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The execution', schema: ExecutionResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await executions.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/executions/{id}',
      operationId: 'updateExecution',
      summary: 'Report the outcome of the waiting step, or cancel',
      description: executionDocs.updateExecution,
      tags: ['executions'],
      access: 'executions:update',
      request: { params: IdParams, body: UpdateExecutionBody },
      responses: { 200: { description: 'The execution after the change', schema: ExecutionResponse } },
      // 503: the workflow did not answer within 30 s (the change may still apply).
      errors: [404, 409, 503],
      handler: async ({ auth, params, body }) => ({ body: envelope(await executions.update(auth, params.id, body)) }),
    }),
  ];
}
