import { z } from 'zod';
import { emailAddress, nonBlankText, single, timestamp } from './common.ts';

const email = emailAddress();

export const RegisterBody = z.object({
  email,
  password: z.string().min(8).max(256),
  name: nonBlankText().max(200),
  organization_name: nonBlankText().max(200),
});

/** JSON `{email, password}`, or an OAuth2-style form with `username` (or `email`) and `password`. */
export const LoginBody = z
  .object({
    email: email.optional(),
    username: email.optional(),
    password: z.string().min(1).max(256),
  })
  .refine((body) => body.email ?? body.username, { message: 'email is required', path: ['email'] })
  .meta({ anyOf: [{ required: ['email'] }, { required: ['username'] }] })
  .transform((body) => ({ email: (body.email ?? body.username) as string, password: body.password }));

export const UserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['owner', 'admin', 'engineer', 'viewer']),
    organization_id: z.uuid(),
    email_verified: z.boolean(),
    created_at: timestamp(),
  })
  .meta({ id: 'User' });

export const OrganizationSchema = z
  .object({ id: z.uuid(), name: z.string(), plan: z.string(), created_at: timestamp() })
  .meta({ id: 'Organization' });

export const RegisterResponse = single(z.object({ user: UserSchema, organization: OrganizationSchema }));

export const TokenResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    user: UserSchema,
  })
  .meta({ id: 'TokenResponse' });

export const MeSchema = UserSchema.extend({
  auth_method: z.enum(['password', 'sso', 'api_key']).describe('How this request authenticated: a password or SSO session, or an API key'),
}).meta({ id: 'Me' });

export const MeResponse = single(MeSchema);

/** What the services return: the response schemas are the contract, these types follow them. */
export type UserView = z.output<typeof UserSchema>;
export type OrganizationView = z.output<typeof OrganizationSchema>;
export type MeView = z.output<typeof MeSchema>;
/** The login answer is returned whole (no envelope): the type has the schema's name. */
export type TokenResponse = z.output<typeof TokenResponse>;
