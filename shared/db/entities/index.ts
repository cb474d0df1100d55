import { OrganizationSchema } from './organization.entity.ts';
import { SelfTestRunSchema } from './self-test-run.entity.ts';
import { UserSchema } from './user.entity.ts';

export { OrganizationSchema, type Organization } from './organization.entity.ts';
export { SelfTestRunSchema, type SelfTestRun } from './self-test-run.entity.ts';
export { UserSchema, type User } from './user.entity.ts';

/** Every entity, in one list, so the API, the worker and the migrations agree on the model. */
export const ALL_ENTITIES = [OrganizationSchema, UserSchema, SelfTestRunSchema];
