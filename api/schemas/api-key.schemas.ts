import { z } from 'zod';
import { PermissionSchema } from '../../shared/domain/permissions.ts';
import { list, nonBlankText, single, timestamp } from './common.ts';

export const CreateApiKeyBody = z.object({
  name: nonBlankText().max(200),
  permissions: z.array(PermissionSchema).min(1).max(200),
  expires_at: timestamp()
    .optional()
    .describe(
      'Optional expiry (ISO 8601 UTC); the key never expires without it. A time already past gives a key that is refused from the start (401 `API key has expired`)',
    ),
});

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    permissions: z.array(z.string()),
    prefix: z.string().describe('First 14 characters of the key, to tell keys apart'),
    last_used_at: timestamp().nullable().describe('Updated at most once a minute'),
    expires_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'ApiKey' });

export const CreatedApiKeySchema = ApiKeySchema.extend({
  api_key: z.string().describe('The key itself: shown only in this response, never again'),
}).meta({ id: 'CreatedApiKey' });

/** What the services return: the response schemas are the contract, these types follow them. */
export type ApiKeyView = z.output<typeof ApiKeySchema>;
export type CreatedApiKeyView = z.output<typeof CreatedApiKeySchema>;

export const ApiKeyResponse = single(CreatedApiKeySchema);
export const ApiKeyListResponse = list(ApiKeySchema);
