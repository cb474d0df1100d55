import { z } from 'zod';
import { single } from './common.ts';

const refreshToken = z.string().min(1).max(4096);

/** The body may be empty: browsers send the refresh token as the `refresh_token` cookie instead. */
export const RefreshBody = z
  .object({ refresh_token: refreshToken.optional().describe('Omit to use the `refresh_token` cookie') })
  .optional()
  .transform((body) => body ?? {});

export const LogoutBody = z
  .object({ refresh_token: refreshToken.optional().describe('Also revoke this refresh token (else the `refresh_token` cookie, if any)') })
  .optional()
  .transform((body) => body ?? {});

/** Nothing to send: the credential says whose sessions end. */
export const LogoutAllBody = z
  .object({})
  .strict()
  .optional()
  .transform((body) => body ?? {});

export const RefreshResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string().describe('The rotated refresh token: use it for the next refresh; the one presented is spent'),
    token_type: z.literal('bearer'),
    expires_in: z.number().int().describe('Seconds'),
  })
  .meta({ id: 'RefreshResponse' });

export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export const MessageResponse = single(MessageSchema);
