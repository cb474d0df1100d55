import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/domain/permissions.ts';
import { waitForMail, type OutboxMail } from './outbox.ts';
import type { TestStack } from './stack.ts';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const INVITATION_SUBJECT = /invited to/;

/** The token an invitation mail carries on its `Invitation token: <token>` line. */
export function invitationTokenIn(mail: Pick<OutboxMail, 'subject' | 'body'>): string {
  const match = /^Invitation token: (\S+)$/m.exec(mail.body);
  if (!match?.[1]) throw new Error(`no "Invitation token" line in mail "${mail.subject}"`);
  return match[1];
}

export interface Member {
  email: string;
  password: string;
  token: string;
  user: { id: string; organization_id: string; role: string };
  invitationId: string;
}

/**
 * Adds a member the way people join an organization: an invitation by `inviterToken`, the token
 * read from the mail the outbox holds (or `readMail`'s, for a stack that sends through SMTP),
 * acceptance over the API, then a login.
 */
export async function addMember(
  stack: TestStack,
  inviterToken: string,
  role: Role,
  label: string = role,
  readMail: (to: string, subject: RegExp) => Promise<Pick<OutboxMail, 'subject' | 'body'>> = (to, subject) =>
    waitForMail(stack, to, subject),
): Promise<Member> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'member password 123';
  const invited = await stack.http.post('/api/v1/invitations').set(bearer(inviterToken)).send({ email, role }).expect(201);
  const token = invitationTokenIn(await readMail(email, INVITATION_SUBJECT));
  const accepted = await stack.http
    .post('/api/v1/invitations/accept')
    .send({ token, name: `${label} member`, password })
    .expect(201);
  const login = await stack.http.post('/api/v1/auth/login').send({ email, password }).expect(200);
  return {
    email,
    password,
    token: login.body.access_token as string,
    user: accepted.body.data.user,
    invitationId: invited.body.data.id as string,
  };
}
