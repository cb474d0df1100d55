import { runReadinessChecks } from '../../api/routes/health.routes.ts';

const never = () => new Promise<boolean>(() => undefined);

describe('runReadinessChecks', () => {
  it.each<[string, () => Promise<boolean>, boolean]>([
    ['answers true', async () => true, true],
    ['answers false', async () => false, false],
    [
      'rejects',
      async () => {
        throw new Error('connection refused');
      },
      false,
    ],
    [
      'throws before returning a promise',
      () => {
        throw new Error('not connected');
      },
      false,
    ],
    ['never answers', never, false],
  ])('counts a check that %s as %p', async (_label, check, expected) => {
    expect(await runReadinessChecks({ check }, 50)).toEqual({ check: expected });
  });

  it("keeps every check's own answer when one of them hangs", async () => {
    expect(await runReadinessChecks({ database: async () => true, temporal: never, elasticsearch: async () => false }, 50)).toEqual({
      database: true,
      temporal: false,
      elasticsearch: false,
    });
  });
});
