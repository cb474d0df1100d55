import { incidentUrl } from '../../../shared/domain/incident.ts';

// The console link of every page, notification mail and chat post: the id is a path segment, escaped.
describe('incidentUrl', () => {
  it.each([
    [
      'https://tocsin.example',
      '0190a1b2-0000-7000-8000-000000000001',
      'https://tocsin.example/incidents/0190a1b2-0000-7000-8000-000000000001',
    ],
    ['http://localhost:3000', 'a/b?c', 'http://localhost:3000/incidents/a%2Fb%3Fc'],
  ])('%s + %s', (publicUrl, id, expected) => {
    expect(incidentUrl(publicUrl, id)).toBe(expected);
  });
});
