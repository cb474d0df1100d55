import { envelope, IdParams } from '../schemas/common.ts';
import { SelfTestRunResponse } from '../schemas/self-test.schemas.ts';
import type { SelfTestService } from '../services/self-test.service.ts';
import { defineRoute } from './route.ts';
import { selfTestDocs } from '../docs/self-test.ts';

export function selfTestRoutes(selfTest: SelfTestService) {
  return [
    defineRoute({
      method: 'post',
      path: '/admin/self-test',
      operationId: 'startSelfTest',
      summary: 'Start a pipeline self-test',
      description: selfTestDocs.startSelfTest,
      tags: ['admin'],
      access: 'admin:execute',
      responses: { 202: { description: 'Queued', schema: SelfTestRunResponse } },
      errors: [503],
      handler: async ({ auth }) => ({ status: 202, body: envelope(await selfTest.start(auth)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/admin/self-test/{id}',
      operationId: 'getSelfTest',
      summary: 'Read a pipeline self-test',
      tags: ['admin'],
      access: 'admin:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The run', schema: SelfTestRunResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await selfTest.get(auth, params.id)) }),
    }),
  ];
}
