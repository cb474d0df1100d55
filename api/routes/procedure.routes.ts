import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateProcedureBody,
  ExecuteProcedureBody,
  ExecutionResponse,
  ProcedureListQuery,
  ProcedureListResponse,
  ProcedureResponse,
  UpdateProcedureBody,
} from '../schemas/procedure.schemas.ts';
import type { ExecutionService } from '../services/execution.service.ts';
import type { ProcedureService } from '../services/procedure.service.ts';
import { defineRoute } from './route.ts';
import { procedureDocs } from '../docs/procedure.ts';

export function procedureRoutes(procedures: ProcedureService, executions: ExecutionService) {
  return [
    defineRoute({
      method: 'get',
      path: '/procedures',
      operationId: 'listProcedures',
      summary: 'List procedures (runbooks), newest first',
      tags: ['procedures'],
      access: 'procedures:read',
      request: { query: ProcedureListQuery },
      responses: { 200: { description: 'A page of procedures with their steps', schema: ProcedureListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await procedures.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/procedures',
      operationId: 'createProcedure',
      summary: 'Create a procedure with its ordered steps',
      description: procedureDocs.createProcedure,
      tags: ['procedures'],
      access: 'procedures:create',
      request: { body: CreateProcedureBody },
      responses: { 201: { description: 'Created', schema: ProcedureResponse } },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await procedures.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/procedures/{id}',
      operationId: 'getProcedure',
      summary: 'A procedure with its steps',
      tags: ['procedures'],
      access: 'procedures:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The procedure', schema: ProcedureResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await procedures.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/procedures/{id}',
      operationId: 'updateProcedure',
      summary: 'Update name, description, tags or steps',
      description: procedureDocs.updateProcedure,
      tags: ['procedures'],
      access: 'procedures:update',
      request: { params: IdParams, body: UpdateProcedureBody },
      responses: { 200: { description: 'The updated procedure', schema: ProcedureResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await procedures.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/procedures/{id}',
      operationId: 'deleteProcedure',
      summary: 'Delete a procedure',
      description: procedureDocs.deleteProcedure,
      tags: ['procedures'],
      access: 'procedures:delete',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await procedures.remove(auth, params.id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/procedures/{id}/execute',
      operationId: 'executeProcedure',
      summary: 'Start an execution of the procedure',
      description: procedureDocs.executeProcedure,
      tags: ['procedures', 'executions'],
      access: 'procedures:execute',
      request: { params: IdParams, body: ExecuteProcedureBody },
      responses: {
        201: { description: 'The started execution (status `pending` until its first step begins)', schema: ExecutionResponse },
      },
      errors: [404, 503],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await executions.start(auth, params.id, body)) }),
    }),
  ];
}
