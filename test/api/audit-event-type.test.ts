import { eventTypeOf } from '../../api/middleware/audit.ts';
import type { RouteDefinition } from '../../api/routes/route.ts';

const route = (method: RouteDefinition['method'], path: string, tag: string) =>
  ({ method, path, tags: [tag], operationId: 'x', summary: '', access: 'public', responses: {}, handler: () => ({}) }) as RouteDefinition;

describe('audit event types', () => {
  it.each([
    ['patch', '/users/{id}', 'users', 'users.update'],
    ['delete', '/users/{id}', 'users', 'users.delete'],
    ['post', '/invitations', 'invitations', 'invitations.create'],
    ['post', '/invitations/accept', 'invitations', 'invitations.accept'],
    ['post', '/auth/login', 'auth', 'auth.login'],
    ['post', '/auth/password/reset/confirm', 'auth', 'auth.password_reset_confirm'],
    ['post', '/integrations/{id}/rotate-secret', 'integrations', 'integrations.rotate_secret'],
    ['patch', '/organization-settings', 'settings', 'settings.update'],
  ] as const)('%s %s is %s', (method, path, tag, expected) => {
    expect(eventTypeOf(route(method, path, tag))).toBe(expected);
  });
});
