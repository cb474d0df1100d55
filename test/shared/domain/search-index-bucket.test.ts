import { fnv1a32 } from '../../../shared/domain/alert-bucket.ts';
import { SEARCH_INDEX_BUCKETS, searchIndexBatches, searchIndexBucketOf, type SearchIndexInput } from '../../../shared/domain/search.ts';

const doc = (organizationId: string, type: SearchIndexInput['type'], id: string): SearchIndexInput => ({ organizationId, type, id });

describe('searchIndexBucketOf', () => {
  test.each([
    [{ type: 'incident', id: 'a' }, 8, fnv1a32('incident:a') % 8],
    [{ type: 'article', id: 'a' }, 8, fnv1a32('article:a') % 8],
    [{ type: 'incident', id: 'a' }, 1, 0],
    [{ type: 'incident', id: 'a' }, 0, 0],
  ])('%j over %i buckets is bucket %i', (document, buckets, expected) => {
    expect(searchIndexBucketOf(document, buckets)).toBe(expected);
  });

  test('spreads many documents over every bucket, none with more than twice its share', () => {
    const counts = new Array<number>(SEARCH_INDEX_BUCKETS).fill(0);
    for (let index = 0; index < 8_000; index += 1) counts[searchIndexBucketOf({ type: 'incident', id: `id-${index}` })]! += 1;
    for (const count of counts) {
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan((2 * 8_000) / SEARCH_INDEX_BUCKETS);
    }
  });
});

describe('searchIndexBatches', () => {
  test('one batch per organization and bucket, each document once, in first-seen order', () => {
    const ids = Array.from({ length: 40 }, (_, index) => `i${index}`);
    const documents = [
      ...ids.map((id) => doc('org-a', 'incident', id)),
      doc('org-b', 'incident', 'i0'),
      doc('org-a', 'incident', 'i0'),
      doc('org-a', 'article', 'i0'),
    ];
    const batches = searchIndexBatches(documents);
    const keys = batches.map((batch) => `${batch.organizationId}:${batch.bucket}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const batch of batches) {
      for (const document of batch.documents) {
        expect(document.organizationId).toBe(batch.organizationId);
        expect(searchIndexBucketOf(document)).toBe(batch.bucket);
      }
    }
    const flat = batches.flatMap((batch) =>
      batch.documents.map((document) => `${document.organizationId}:${document.type}:${document.id}`),
    );
    expect(flat.sort()).toEqual([...ids.map((id) => `org-a:incident:${id}`), 'org-b:incident:i0', 'org-a:article:i0'].sort());
    expect(batches.filter((batch) => batch.organizationId === 'org-a').length).toBeLessThanOrEqual(SEARCH_INDEX_BUCKETS);
  });

  test('nothing to index, no batch', () => {
    expect(searchIndexBatches([])).toEqual([]);
  });
});
