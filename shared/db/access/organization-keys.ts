import { sqlArray } from '../sql-array.ts';

/** A row's id with the organization it must belong to: reads by such keys are tenant-confined. */
export interface OrganizationKey {
  organizationId: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no row, and must not fail a statement other keys share. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** One text per (organization, id) pair, whatever the letter case. */
export const organizationKeyText = (organizationId: string, id: string): string => `${organizationId.toLowerCase()}/${id.toLowerCase()}`;

/**
 * The keys' ids and organizations as two array literals, for `id = any(?::uuid[]) and
 * organization_id = any(?::uuid[])`: each an indexed lookup of known length. The statement matches
 * ids and organizations separately, so its rows go through `rowsOfKeys` after.
 */
export function organizationKeyArrays(keys: readonly OrganizationKey[]): [string, string] {
  const valid = keys.filter((key) => isUuid(key.id) && isUuid(key.organizationId));
  return [sqlArray([...new Set(valid.map((key) => key.id))]), sqlArray([...new Set(valid.map((key) => key.organizationId))])];
}

/** The rows whose (organization, id) pair was asked: never a row of another key's organization. */
export function rowsOfKeys<R extends { organization_id: string }>(
  rows: readonly R[],
  keys: readonly OrganizationKey[],
  idOf: (row: R) => string = (row) => (row as unknown as { id: string }).id,
): R[] {
  const asked = new Set(keys.map((key) => organizationKeyText(key.organizationId, key.id)));
  return rows.filter((row) => asked.has(organizationKeyText(row.organization_id, idOf(row))));
}
