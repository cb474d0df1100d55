import { createSelfTestActivities, type SelfTestActivityDeps } from './self-test.activities.ts';

export type ActivityDeps = SelfTestActivityDeps;

/** Every activity of the worker, built from its dependencies (no module-level singletons). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSelfTestActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
