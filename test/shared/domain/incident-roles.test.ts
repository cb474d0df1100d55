import { isBuiltInRole, ROLE_KEY_PATTERN, roleAssignmentChange } from '../../../shared/domain/incident-roles.ts';

describe('roleAssignmentChange', () => {
  it.each<[string, string | null, string, ReturnType<typeof roleAssignmentChange>]>([
    ['nobody holds it: assigned', null, 'u1', { kind: 'assigned' }],
    ['the same holder again: unchanged', 'u1', 'u1', { kind: 'unchanged' }],
    ['someone else holds it: handed over from them', 'u1', 'u2', { kind: 'reassigned', from: 'u1' }],
  ])('%s', (_name, current, next, expected) => {
    expect(roleAssignmentChange(current, next)).toEqual(expected);
  });
});

describe('role keys', () => {
  it.each<[string, boolean, boolean]>([
    ['incident_commander', true, true],
    ['communications_lead', true, true],
    ['scribe', true, true],
    ['db_expert', false, true],
    ['Scribe', false, false],
    ['x', false, false],
    ['1st_responder', false, false],
    ['ops-liaison', false, false],
  ])('%s: built in %s, valid %s', (key, builtIn, valid) => {
    expect(isBuiltInRole(key)).toBe(builtIn);
    expect(ROLE_KEY_PATTERN.test(key)).toBe(valid);
  });
});
