import { INCIDENT_ID, ORGANIZATION_ID } from '../../shared/domain/search-attributes.ts';
import { workflowSearchAttributes } from '../../shared/temporal/ids.ts';

describe('workflowSearchAttributes', () => {
  it.each([
    ['an organization only', { organizationId: 'o1' }, [[ORGANIZATION_ID.name, 'o1']]],
    ['no incident (null)', { organizationId: 'o1', incidentId: null }, [[ORGANIZATION_ID.name, 'o1']]],
    [
      'an incident',
      { organizationId: 'o1', incidentId: 'i1' },
      [
        [ORGANIZATION_ID.name, 'o1'],
        [INCIDENT_ID.name, 'i1'],
      ],
    ],
  ])('%s', (_case, scope, expected) => {
    expect(workflowSearchAttributes(scope).map((pair) => [pair.key.name, pair.value])).toEqual(expected);
  });
});
