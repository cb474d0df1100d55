import {
  ACTIONS,
  ALL_PERMISSIONS,
  PermissionSchema,
  RESOURCES,
  ROLES,
  ROLE_PERMISSIONS,
  hasPermission,
  isGrantable,
  mayGrantRole,
  isPermission,
  permissionsForRole,
  ungrantablePermissions,
  type Permission,
  type Role,
} from '../../../shared/domain/permissions.ts';

describe('permission vocabulary', () => {
  it('lists the contract resources and actions', () => {
    expect([...RESOURCES].sort()).toEqual([
      'admin',
      'alerts',
      'analytics',
      'api_keys',
      'audit',
      'billing',
      'escalation',
      'executions',
      'incidents',
      'integrations',
      'logs',
      'notifications',
      'organizations',
      'procedures',
      'schedules',
      'search',
      'settings',
      'silences',
      'users',
    ]);
    expect(ACTIONS).toEqual(['read', 'create', 'update', 'delete', 'execute', 'ingest']);
    expect(ROLES).toEqual(['owner', 'admin', 'engineer', 'viewer']);
    expect(ALL_PERMISSIONS).toHaveLength(RESOURCES.length * (ACTIONS.length + 1) + 1);
  });

  it.each([
    ['incidents:read', true],
    ['alerts:ingest', true],
    ['api_keys:create', true],
    ['billing:*', true],
    ['*', true],
    ['incidents', false],
    ['incidents:', false],
    [':read', false],
    ['incidents:write', false],
    ['Incidents:read', false],
    ['incident:read', false],
    ['*:read', false],
    ['incidents:read ', false],
    ['incidents:read:extra', false],
    ['', false],
  ])('PermissionSchema and isPermission on %j → %s', (value, valid) => {
    expect(PermissionSchema.safeParse(value).success).toBe(valid);
    expect(isPermission(value)).toBe(valid);
  });

  it.each([[42], [null], [['incidents:read']]])('PermissionSchema rejects non-string %j', (value) => {
    expect(PermissionSchema.safeParse(value).success).toBe(false);
  });
});

describe('hasPermission', () => {
  it.each<[string[], Permission, boolean]>([
    [['incidents:read'], 'incidents:read', true],
    [['incidents:read'], 'incidents:update', false],
    [['incidents:read'], 'procedures:read', false],
    [['incidents:*'], 'incidents:delete', true],
    [['incidents:*'], 'procedures:delete', false],
    [['incidents:*'], 'incidents:*', true],
    [['incidents:*'], '*', false],
    [['*'], 'billing:update', true],
    [['*'], 'incidents:*', true],
    [['*'], '*', true],
    [[], 'incidents:read', false],
    // Every action listed one by one is not the wildcard: it would not cover actions added later.
    [ACTIONS.map((action) => `incidents:${action}`), 'incidents:*', false],
    // A prefix of another resource's name must not match.
    [['api_keys:*'], 'admin:read', false],
    [['*:read'], 'incidents:read', false],
    [['incidents:read*'], 'incidents:read', false],
  ])('%j grants %s → %s', (granted, required, expected) => {
    expect(hasPermission(granted, required)).toBe(expected);
  });
});

describe('role table', () => {
  const viewerExcluded = new Set(['admin', 'audit', 'billing']);
  const engineerWrites = new Set([
    'incidents:create',
    'incidents:update',
    'procedures:create',
    'procedures:update',
    'procedures:execute',
    'executions:update',
    'search:execute',
    'logs:create',
    'silences:create',
    'silences:update',
  ]);

  const concrete = RESOURCES.flatMap((resource) => ACTIONS.map((action) => `${resource}:${action}` as Permission));

  const expectedFor: Record<Role, (permission: Permission) => boolean> = {
    owner: () => true,
    admin: (permission) => permission !== 'billing:update',
    engineer: (permission) => {
      const [resource, action] = permission.split(':');
      return (action === 'read' && resource !== 'admin') || engineerWrites.has(permission);
    },
    viewer: (permission) => {
      const [resource, action] = permission.split(':');
      return action === 'read' && !viewerExcluded.has(resource!);
    },
  };

  const cases = ROLES.flatMap((role) => concrete.map((permission) => [role, permission, expectedFor[role](permission)] as const));

  it.each(cases)('%s holds %s → %s', (role, permission, expected) => {
    expect(hasPermission(permissionsForRole(role), permission)).toBe(expected);
  });

  it.each<[Role, Permission, boolean]>([
    ['owner', '*', true],
    ['admin', '*', false],
    ['admin', 'incidents:*', true],
    ['admin', 'billing:*', false],
    ['engineer', 'incidents:*', false],
    ['viewer', 'incidents:*', false],
  ])('%s holds wildcard %s → %s', (role, permission, expected) => {
    expect(hasPermission(ROLE_PERMISSIONS[role], permission)).toBe(expected);
  });

  it.each([...ROLES])('%s lists only valid, distinct permissions and cannot be mutated', (role) => {
    const permissions = permissionsForRole(role);
    expect(permissions.every(isPermission)).toBe(true);
    expect(new Set(permissions).size).toBe(permissions.length);
    expect(Object.isFrozen(permissions)).toBe(true);
  });
});

describe('isGrantable / ungrantablePermissions', () => {
  it('is the same function under both names', () => {
    expect(isGrantable).toBe(ungrantablePermissions);
  });

  it.each<[string, readonly string[], string[], string[]]>([
    ['exact match', ['incidents:read'], ['incidents:read'], []],
    ['narrower than a resource wildcard', ['incidents:*'], ['incidents:read', 'incidents:delete'], []],
    ['the resource wildcard itself', ['incidents:*'], ['incidents:*'], []],
    ['the global wildcard from a resource wildcard', ['incidents:*'], ['*', 'incidents:read'], ['*']],
    ['another resource', ['incidents:*'], ['procedures:read'], ['procedures:read']],
    ['a wildcard from its individual actions', ACTIONS.map((a) => `incidents:${a}`), ['incidents:*'], ['incidents:*']],
    ['anything from the global wildcard', ['*'], ['*', 'billing:update', 'logs:*'], []],
    ['an unknown string even under the global wildcard', ['*'], ['incidents:write', 'nope'], ['incidents:write', 'nope']],
    ['nothing from nothing', [], ['incidents:read'], ['incidents:read']],
    ['an empty request', [], [], []],
    ['checkout from an admin', ROLE_PERMISSIONS.admin, ['billing:update', 'billing:read'], ['billing:update']],
    ['the global wildcard from an admin', ROLE_PERMISSIONS.admin, ['*'], ['*']],
    ['admin access from an engineer', ROLE_PERMISSIONS.engineer, ['admin:read', 'incidents:read'], ['admin:read']],
    ['writes from a viewer', ROLE_PERMISSIONS.viewer, ['incidents:read', 'incidents:create'], ['incidents:create']],
  ])('%s', (_name, creator, requested, expected) => {
    expect(ungrantablePermissions(creator, requested)).toEqual(expected);
  });
});

describe("mayGrantRole: never a role above the granter's own", () => {
  it.each<[string, string, boolean]>([
    ['owner', 'owner', true],
    ['owner', 'viewer', true],
    ['admin', 'owner', false],
    ['admin', 'admin', true],
    ['admin', 'engineer', true],
    ['engineer', 'admin', false],
    ['engineer', 'engineer', true],
    ['viewer', 'engineer', false],
    ['viewer', 'viewer', true],
    ['admin', 'superuser', false],
    ['root', 'viewer', false],
  ])('%s grants %s: %s', (granter, role, expected) => {
    expect(mayGrantRole(granter, role)).toBe(expected);
  });
});

describe('escalation permissions', () => {
  it.each([
    ['owner', true, true],
    ['admin', true, true],
    ['engineer', true, false],
    ['viewer', true, false],
  ] as const)('%s reads policies: %s, writes them: %s', (role, read, update) => {
    expect(hasPermission(permissionsForRole(role), 'escalation:read')).toBe(read);
    expect(hasPermission(permissionsForRole(role), 'escalation:update')).toBe(update);
  });
});
