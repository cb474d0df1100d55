// Kept free of Node built-ins and I/O: Temporal workflows import this file into their sandbox.
import { z } from 'zod';

export const RESOURCES = [
  'incidents',
  'procedures',
  'executions',
  'integrations',
  'users',
  'organizations',
  'settings',
  'api_keys',
  'search',
  'analytics',
  'notifications',
  'billing',
  'audit',
  'logs',
  'admin',
  'alerts',
  'silences',
  'schedules',
  'escalation',
] as const;

export const ACTIONS = ['read', 'create', 'update', 'delete', 'execute', 'ingest'] as const;

export type Resource = (typeof RESOURCES)[number];
export type Action = (typeof ACTIONS)[number];
export type Permission = `${Resource}:${Action}` | `${Resource}:*` | '*';

export const ROLES = ['owner', 'admin', 'engineer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Every string a credential may hold, most specific first within each resource. */
export const ALL_PERMISSIONS: readonly Permission[] = Object.freeze([
  ...RESOURCES.flatMap((resource) => [...ACTIONS.map((action): Permission => `${resource}:${action}`), `${resource}:*` as const]),
  '*' as const,
]);

const PERMISSION_SET: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && PERMISSION_SET.has(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

// An enum rather than a regex refinement, so the generated OpenAPI document lists the complete set
// (the spec leaves it "not shown"); the custom message avoids echoing all ~110 values on each error.
export const PermissionSchema = z.enum(ALL_PERMISSIONS as Permission[], {
  error: 'must be "<resource>:<action>", "<resource>:*" or "*" with a known resource and action',
});

export const RoleSchema = z.enum(ROLES);

/**
 * Whether someone holding `granterRole` may give `role` to anyone (an invitation, a role change, an
 * SSO connection's default role): never a role above their own, so only an owner makes an owner.
 * ROLES runs from most to least powerful; anything unknown grants nothing and is never granted.
 */
export function mayGrantRole(granterRole: string, role: string): boolean {
  if (!isRole(granterRole) || !isRole(role)) return false;
  return ROLES.indexOf(role) >= ROLES.indexOf(granterRole);
}

const readOf = (resources: readonly Resource[]): Permission[] => resources.map((resource) => `${resource}:read` as const);

/**
 * The role table of the contract.
 *
 * - `owner`: everything.
 * - `admin`: everything except billing checkout, which is `billing:update` (`POST /billing/checkout`).
 *   Admins may not delete the organization's owner either, but that depends on the target user, not on
 *   a permission string: the user service enforces it.
 * - `engineer`: reads every resource of the organization except `admin`, which guards the `/admin/*`
 *   endpoints the spec reserves for owners and administrators; plus the contract's write grants.
 *   No `api_keys:create`: the contract does not list it, so engineers get keys from an admin.
 * - `viewer`: read only, and not `admin`, `audit` (who did what, from which address) or `billing`
 *   (commercial data): a viewer is an observer of operations, not of the account.
 *
 * Self-service actions (own profile, own password, marking own notifications read) are not role
 * gated; routes for them should require at most a `:read` permission.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = Object.freeze({
  owner: Object.freeze(['*'] as Permission[]),
  admin: Object.freeze([
    ...RESOURCES.filter((resource) => resource !== 'billing').map((resource): Permission => `${resource}:*`),
    ...ACTIONS.filter((action) => action !== 'update').map((action): Permission => `billing:${action}`),
  ]),
  engineer: Object.freeze([
    ...readOf(RESOURCES.filter((resource) => resource !== 'admin')),
    'incidents:create',
    'incidents:update',
    'procedures:create',
    'procedures:update',
    'procedures:execute',
    'executions:update',
    'search:execute',
    'logs:create',
    // Responders mute what they already know about (the contract: engineers create and expire silences).
    'silences:create',
    'silences:update',
  ] as Permission[]),
  viewer: Object.freeze(readOf(RESOURCES.filter((resource) => resource !== 'admin' && resource !== 'audit' && resource !== 'billing'))),
});

export function permissionsForRole(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

/**
 * Whether `granted` covers `required`. `*` covers everything, `<resource>:*` every action of that
 * resource, present and future. A required wildcard is therefore covered only by an equal or broader
 * wildcard, never by a list of individual actions.
 */
export function hasPermission(granted: readonly string[], required: Permission): boolean {
  if (granted.includes('*') || granted.includes(required)) return true;
  if (required === '*') return false;
  const resource = required.slice(0, required.indexOf(':'));
  return granted.includes(`${resource}:*`);
}

/**
 * The requested permissions that `creatorPermissions` does not cover, i.e. those a new API key may
 * not receive; empty when the whole request is grantable. Unknown strings are never grantable, so a
 * typo cannot slip through a wildcard.
 */
export function ungrantablePermissions(creatorPermissions: readonly string[], requested: readonly string[]): string[] {
  return requested.filter((permission) => !isPermission(permission) || !hasPermission(creatorPermissions, permission));
}

/**
 * Same function under the brief's name. It returns an array, which is always truthy: test
 * `isGrantable(...).length === 0`, never `if (isGrantable(...))`.
 */
export const isGrantable = ungrantablePermissions;
