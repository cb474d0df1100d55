// What the OpenAPI document says of each api-key operation, by operationId (api/routes/api-key.routes.ts).

export const apiKeyDocs = {
  createApiKey:
    'The `api_key` value is returned only in this response; only its hash is stored. Unknown permission strings are 422; ' +
    'a permission the caller lacks is 403 INSUFFICIENT_PERMISSIONS. A key can create keys when it holds `api_keys:create`, ' +
    "never beyond its own permissions. At use, a key acts with the permissions both it and its creator's current role hold.",
  listApiKeys: 'Never returns a key or its hash; `prefix` identifies a key. Revoked keys are not listed. Newest first.',
  revokeApiKey:
    'Takes effect on the very next request made with the key. Answers 204 with no body; an unknown or already revoked key is 404.',
} as const;
