import { bearer } from './members.ts';
import type { TestStack } from './stack.ts';

/** The data of `POST /api/v1/api-keys`: the only answer that carries the key in clear. */
export interface CreatedApiKey {
  id: string;
  name: string;
  permissions: string[];
  prefix: string;
  api_key: string;
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string;
}

export interface ApiKeyRequest {
  name: string;
  permissions: string[];
  expires_at?: string;
}

/**
 * Creates an API key over the API and expects 201. `creator` is an access token, or the headers of
 * another credential (an `X-API-Key` minting a key of its own).
 */
export async function createApiKey(
  http: TestStack['http'],
  creator: string | Record<string, string>,
  body: ApiKeyRequest,
): Promise<CreatedApiKey> {
  const credential = typeof creator === 'string' ? bearer(creator) : creator;
  const created = await http.post('/api/v1/api-keys').set(credential).send(body).expect(201);
  return created.body.data as CreatedApiKey;
}
