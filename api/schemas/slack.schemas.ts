import { z } from 'zod';

export const SlackInstallResponse = z
  .object({
    data: z.object({ authorization_url: z.url().describe("Slack's page asking a workspace admin to allow the app") }),
    meta: z.object({}),
  })
  .meta({ id: 'SlackInstall' });

export const SlackOAuthCallbackQuery = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

export const SlackCommandResponse = z
  .object({
    response_type: z.literal('ephemeral').describe('Only the person who typed the command sees the answer'),
    text: z.string(),
  })
  .meta({ id: 'SlackCommandAnswer' });
