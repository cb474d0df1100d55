/**
 * How many documents of a type an Elasticsearch index (or alias) holds, optionally of one
 * organization, read from Elasticsearch itself after a refresh; 0 while the index does not exist.
 */
export async function indexedCount(
  elasticsearchUrl: string,
  index: string,
  filter: { type: string; organizationId?: string },
): Promise<number> {
  await fetch(`${elasticsearchUrl}/${index}/_refresh`, { method: 'POST' });
  const terms = [{ term: { type: filter.type } }, ...(filter.organizationId ? [{ term: { organization_id: filter.organizationId } }] : [])];
  const response = await fetch(`${elasticsearchUrl}/${index}/_count`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: { bool: { filter: terms } } }),
  });
  if (!response.ok) return 0;
  return ((await response.json()) as { count: number }).count;
}
