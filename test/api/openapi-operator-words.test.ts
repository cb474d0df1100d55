import { describe, expect, it } from '@jest/globals';
import { openApiDocument } from '../../clients/generate/openapi-document.ts';
import { ENV_VARIABLES } from '../../shared/config.ts';

// The API's description speaks to its callers: operators' variable names belong in the operator
// guide, and quoting them here would make every rewording of the configuration regenerate the clients.
describe('the OpenAPI document', () => {
  it('names no configuration variable', async () => {
    const text = JSON.stringify(await openApiDocument());
    const named = Object.keys(ENV_VARIABLES).filter((name) => new RegExp(`(^|[^A-Z0-9_])${name}($|[^A-Z0-9_])`).test(text));
    expect(named).toEqual([]);
  });

  // A family written as `RATE_LIMIT_*` or `STRIPE_PRICE_<PLAN>` quotes the variables as surely as their full names.
  it('names no family of configuration variables by their common prefix', async () => {
    const text = JSON.stringify(await openApiDocument());
    const tokens = new Set(text.match(/(?<![A-Z0-9_])[A-Z][A-Z0-9]*_[A-Z0-9_]*(?![A-Z0-9_])/g) ?? []);
    const prefixes = [...tokens].filter((token) => Object.keys(ENV_VARIABLES).some((name) => name !== token && name.startsWith(token)));
    expect(prefixes).toEqual([]);
  });
});
