import Koa from 'koa';
import supertest from 'supertest';
import { z } from 'zod';
import {
  CONTRACT_VIOLATION_EVENT,
  responseContract,
  responseProblems,
  type ContractViolation,
} from '../../api/middleware/response-contract.ts';
import { defineRoute, type RouteDefinition } from '../../api/routes/route.ts';
import { list, single, timestamp } from '../../api/schemas/common.ts';

const Thing = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'closed']),
  tags: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  at: timestamp().nullable(),
});
const id = '0193f1a2-7c4e-7d2a-9b1c-5e6f7a8b9c0d';
const thing = { id, status: 'open', tags: ['a'], data: { anything: { goes: 1 } }, at: '2026-11-24T10:00:00.000Z' };

const route: RouteDefinition = defineRoute({
  method: 'get',
  path: '/things',
  operationId: 'listThings',
  summary: 'Things',
  tags: ['things'],
  access: 'public',
  responses: {
    200: { description: 'A page', schema: list(Thing) },
    201: { description: 'Created', schema: single(Thing) },
    204: { description: 'Gone' },
  },
  handler: () => ({}),
});

describe('responseProblems', () => {
  it.each<[string, number, unknown, string[]]>([
    ['a matching page', 200, { data: [thing], meta: { total: 1, limit: 25, offset: 0 } }, []],
    ['a matching single', 201, { data: thing, meta: {} }, []],
    [
      'an enum value outside the schema',
      201,
      { data: { ...thing, status: 'active' }, meta: {} },
      ['$.data.status: Invalid option: expected one of "open"|"closed"'],
    ],
    [
      'a missing field',
      201,
      { data: { ...thing, at: undefined }, meta: {} },
      ['$.data.at: Invalid input: expected string, received undefined'],
    ],
    [
      'a field the schema does not declare',
      200,
      { data: [{ ...thing, labels: {} }], meta: { total: 1, limit: 25, offset: 0 } },
      ['$.data[0].labels: not declared by the schema'],
    ],
    ['free-form records are not undeclared fields', 201, { data: { ...thing, data: { x: { y: 2 } } }, meta: {} }, []],
    [
      'the error envelope on an error status',
      404,
      { detail: 'Not found', status_code: 404, code: 'NOT_FOUND', request_id: 'r-123456789' },
      [],
    ],
    [
      'an error that is not the envelope',
      404,
      { error: 'nope' },
      ['$.detail: Invalid input: expected string, received undefined', '$.request_id: Invalid input: expected string, received undefined'],
    ],
    ['an undeclared success status', 202, { data: thing, meta: {} }, ['status 202 is not declared (declared: 200, 201, 204)']],
    ['a body on a bodiless status', 204, { data: thing }, ['status 204 is declared without a body, yet the answer has one']],
  ])('%s', (_name, status, body, expected) => {
    const problems = responseProblems(route, status, JSON.parse(JSON.stringify(body)));
    if (expected.length === 0) expect(problems).toEqual([]);
    // Some messages (the list of every error code) are long: the rows name the ones that matter.
    else expect(problems).toEqual(expect.arrayContaining(expected));
  });
});

describe('responseContract middleware', () => {
  const appAnswering = (status: number, body: unknown) => {
    const app = new Koa();
    const violations: ContractViolation[] = [];
    app.on(CONTRACT_VIOLATION_EVENT, (violation: ContractViolation) => violations.push(violation));
    app.use(responseContract());
    app.use((ctx) => {
      ctx.state.route = route;
      ctx.status = status;
      ctx.body = body;
    });
    return { http: supertest(app.callback()), violations };
  };

  it('lets a matching answer through untouched', async () => {
    const { http, violations } = appAnswering(201, { data: thing, meta: {} });
    const response = await http.get('/things').expect(201);
    expect(response.body).toEqual({ data: thing, meta: {} });
    expect(violations).toEqual([]);
  });

  it('turns a mismatch into a 500 naming the problem and reports it', async () => {
    const { http, violations } = appAnswering(201, { data: { ...thing, extra: 1 }, meta: {} });
    const response = await http.get('/things').expect(500);
    expect(response.body.detail).toContain('$.data.extra: not declared by the schema');
    expect(violations).toEqual([
      { operationId: 'listThings', method: 'GET', path: '/things', status: 201, problems: ['$.data.extra: not declared by the schema'] },
    ]);
  });

  it('checks the wire form: a Date is sent as an ISO string', async () => {
    const { http, violations } = appAnswering(201, { data: { ...thing, at: new Date('2026-11-24T10:00:00.000Z') }, meta: {} });
    await http.get('/things').expect(201);
    expect(violations).toEqual([]);
  });
});
