import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CONFIG_REFERENCE_PATH, renderConfigReference } from '../../dev/config-reference.ts';
import { ENV_VARIABLES } from '../../shared/config.ts';

describe('the configuration reference', () => {
  const rendered = renderConfigReference();

  it('is the committed docs page (run `npm run docs:config` after changing a variable)', () => {
    expect(readFileSync(CONFIG_REFERENCE_PATH, 'utf8')).toBe(rendered);
  });

  it('lists every variable of the schema once', () => {
    for (const name of Object.keys(ENV_VARIABLES)) expect(rendered.split(`| \`${name}\` |`)).toHaveLength(2);
  });

  it.each([
    ['PORT', '`3000`'],
    ['TEMPORAL_NAMESPACE', '`default`'],
    ['DATABASE_URL', 'the embedded PostgreSQL'],
    ['OUTBOUND_ALLOW_PRIVATE', '`false`'],
    ['EMBEDDINGS_API_KEY', 'unset'],
  ])('shows %s as %s while unset', (name, unset) => {
    const row = rendered.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row?.split(' | ')[1]).toContain(unset);
  });
});
