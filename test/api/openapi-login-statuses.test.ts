import { buildOpenApiDocument } from '../../api/openapi.ts';
import { authRoutes } from '../../api/routes/auth.routes.ts';

type Responses = Record<string, { headers?: Record<string, unknown> }>;

// The contract suite checks every answer against the document: what login answers must be in it.
describe('POST /auth/login in the OpenAPI document', () => {
  const document = buildOpenApiDocument([{ prefix: '/api/v1', routes: authRoutes({} as never, {} as never) }], { version: 'test' }) as {
    paths: Record<string, Record<string, { responses: Responses }>>;
  };
  const responses = document.paths['/api/v1/auth/login']?.post?.responses ?? {};

  it.each([
    ['401', 'a wrong email or password'],
    ['403', 'SSO_REQUIRED, or CSRF_REJECTED from another site'],
    ['423', 'ACCOUNT_LOCKED'],
    ['429', 'RATE_LIMITED, per address'],
  ])('declares %s (%s)', (status) => {
    expect(responses[status]).toBeDefined();
  });

  it.each(['423', '429'])('declares Retry-After on %s', (status) => {
    expect(responses[status]?.headers).toHaveProperty('Retry-After');
  });
});
