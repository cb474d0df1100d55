import { describe, expect, it } from '@jest/globals';
import { ASYNC_CONTEXT_FRAME, apiNodeFlags } from '../../dev/node-flags.ts';

describe('apiNodeFlags', () => {
  it.each([
    ['a Node that knows the flag (22.7 and later)', new Set(['--max-old-space-size', ASYNC_CONTEXT_FRAME]), [ASYNC_CONTEXT_FRAME]],
    ['a Node that does not', new Set(['--max-old-space-size']), []],
  ])('%s', (_case, allowed, expected) => {
    expect(apiNodeFlags(allowed)).toEqual(expected);
  });
});
