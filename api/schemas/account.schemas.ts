import { z } from 'zod';
import { emailAddress } from './common.ts';

// The same rule as registration.
const newPassword = z.string().min(8).max(256);
const mailedToken = z.string().min(1).max(512).describe('The token from the mail');

export const PasswordResetBody = z.object({ email: emailAddress() });

export const PasswordResetConfirmBody = z.object({ token: mailedToken, new_password: newPassword });

export const PasswordChangeBody = z.object({ current_password: z.string().min(1).max(256), new_password: newPassword });

export const VerifyEmailBody = z.object({ token: mailedToken });
