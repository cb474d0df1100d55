import { envelope } from '../schemas/common.ts';
import {
  PriorityRunbookListResponse,
  PriorityRunbookParams,
  PriorityRunbookResponse,
  PutPriorityRunbookBody,
} from '../schemas/priority-runbook.schemas.ts';
import type { PriorityRunbookService } from '../services/priority-runbook.service.ts';
import { defineRoute } from './route.ts';
import { priorityRunbookDocs } from '../docs/priority-runbook.ts';

/** The organization's runbook per priority. */
export function priorityRunbookRoutes(runbooks: PriorityRunbookService) {
  return [
    defineRoute({
      method: 'get',
      path: '/priority-runbooks',
      operationId: 'listPriorityRunbooks',
      summary: 'The runbook of each priority that has one',
      description: priorityRunbookDocs.listPriorityRunbooks,
      tags: ['priority-runbooks'],
      access: 'escalation:read',
      request: {},
      responses: { 200: { description: 'Priorities with a runbook, P1 first', schema: PriorityRunbookListResponse } },
      errors: [],
      handler: async ({ auth }) => ({ body: envelope(await runbooks.list(auth)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/priority-runbooks/{priority}',
      operationId: 'getPriorityRunbook',
      summary: 'The runbook of a priority',
      description: priorityRunbookDocs.getPriorityRunbook,
      tags: ['priority-runbooks'],
      access: 'escalation:read',
      request: { params: PriorityRunbookParams },
      responses: { 200: { description: 'The priority’s runbook', schema: PriorityRunbookResponse } },
      errors: [404, 422],
      handler: async ({ auth, params }) => ({ body: envelope(await runbooks.get(auth, params.priority)) }),
    }),
    defineRoute({
      method: 'put',
      path: '/priority-runbooks/{priority}',
      operationId: 'putPriorityRunbook',
      summary: 'Set the runbook of a priority (replacing the one it had)',
      description: priorityRunbookDocs.putPriorityRunbook,
      tags: ['priority-runbooks'],
      access: 'escalation:update',
      request: { params: PriorityRunbookParams, body: PutPriorityRunbookBody },
      responses: { 200: { description: 'The priority’s runbook now', schema: PriorityRunbookResponse } },
      errors: [404, 422],
      handler: async ({ auth, params, body }) => ({ body: envelope(await runbooks.put(auth, params.priority, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/priority-runbooks/{priority}',
      operationId: 'deletePriorityRunbook',
      summary: 'Remove the runbook of a priority',
      description: priorityRunbookDocs.deletePriorityRunbook,
      tags: ['priority-runbooks'],
      access: 'escalation:update',
      request: { params: PriorityRunbookParams },
      responses: { 204: { description: 'Removed' } },
      errors: [404, 422],
      handler: async ({ auth, params }) => {
        await runbooks.remove(auth, params.priority);
        return { status: 204 };
      },
    }),
  ];
}
