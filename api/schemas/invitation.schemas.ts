import { z } from 'zod';
import { RoleSchema } from '../../shared/domain/permissions.ts';
import { RegisterResponse } from './auth.schemas.ts';
import { emailAddress, list, nonBlankText, single, timestamp } from './common.ts';

export const InvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: RoleSchema,
    invited_by: z.uuid().describe('The user who sent the invitation'),
    expires_at: timestamp(),
    created_at: timestamp(),
  })
  .meta({ id: 'Invitation' });

export const CreateInvitationBody = z.object({
  email: emailAddress(),
  role: RoleSchema.describe('`admin`, `engineer` or `viewer`; `owner` only when an owner invites'),
});

export const AcceptInvitationBody = z.object({
  token: z.string().min(1).max(200),
  name: nonBlankText().max(200),
  password: z.string().min(8).max(256),
});

/** What the services return: the response schemas are the contract, these types follow them. */
export type InvitationView = z.output<typeof InvitationSchema>;

export const InvitationResponse = single(InvitationSchema);
export const InvitationListResponse = list(InvitationSchema);
/** Same shape as registration: the new user and the organization they joined. */
export const InvitationAcceptResponse = RegisterResponse;
