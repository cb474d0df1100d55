import { describe, expect, it } from '@jest/globals';
import { createPathResolver, createShadowCheck } from '../../api/routes/path-templates.ts';

const TEMPLATES = [
  '/integrations',
  '/integrations/{id}',
  '/integrations/{platform}/setup',
  '/integrations/apm',
  '/invitations/accept',
  '/invitations/{id}',
  '/webhooks/health',
  '/webhooks/{platform}',
  '/webhooks/{platform}/{integration_id}',
  '/incidents/{id}/messages',
  '/auth/me',
];
const resolve = createPathResolver(TEMPLATES);
const matches = (template: string, path: string) => {
  const pattern = template.split('/');
  const segments = path.replace(/(.)\/$/, '$1').split('/');
  return (
    pattern.length === segments.length &&
    pattern.every((segment, index) => (/^\{\w+\}$/.test(segment) ? segments[index] !== '' : segment === segments[index]))
  );
};

describe('createShadowCheck', () => {
  it.each([
    ['/integrations/apm', '/integrations/{id}', true],
    ['/integrations/0b6c', '/integrations/{id}', false],
    ['/invitations/accept', '/invitations/{id}', true],
    ['/webhooks/health', '/webhooks/{platform}', true],
    ['/webhooks/health/', '/webhooks/{platform}', true],
    ['/webhooks/apm', '/webhooks/{platform}', false],
    ['/auth/me', '/auth/me', false],
    ['/integrations/a.m', '/integrations/{id}', false],
    ['/integrations/apm//', '/integrations/{id}', false],
  ])("%s is %s's unless a more concrete template holds it", (path, template, shadowed) => {
    expect(createShadowCheck(template, TEMPLATES)(path)).toBe(shadowed);
  });

  it('says what the resolver says, for every template a path matches', () => {
    const paths = [
      '/integrations',
      '/integrations/apm',
      '/integrations/x',
      '/integrations/apm/setup',
      '/invitations/accept',
      '/invitations/1',
      '/webhooks/health',
      '/webhooks/apm',
      '/webhooks/apm/1',
      '/incidents/1/messages',
      '/auth/me',
      '/auth/me/',
      '/integrations/apm//',
      '/integrations/a.m',
      '/integrations/APM',
      '/webhooks/health/x',
    ];
    for (const path of paths) {
      for (const template of TEMPLATES.filter((candidate) => matches(candidate, path))) {
        expect([path, template, createShadowCheck(template, TEMPLATES)(path)]).toEqual([path, template, resolve(path) !== template]);
      }
    }
  });
});
