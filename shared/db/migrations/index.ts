import { Migration20261122000000Foundation } from './20261122000000-foundation.migration.ts';

/**
 * Committed migrations in the order they apply; listed explicitly (no file discovery), so the
 * same set runs under Node, under Jest and in a bundle.
 */
export const MIGRATIONS = [{ name: '20261122000000-foundation', class: Migration20261122000000Foundation }];
