/**
 * PostgreSQL text and jsonb cannot hold NUL characters or unpaired UTF-16 surrogates; a value
 * carrying one would fail at write time (a 500, or a poison alert retried forever). Request
 * input is checked at the edge; webhook payloads, which we must accept as sent, are repaired.
 */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

/** The path of the first string (key or value) PostgreSQL cannot store, or null. */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Replaces what PostgreSQL cannot store with U+FFFD, everywhere in a JSON value. */
export function toStorableJson(value: unknown): unknown {
  if (typeof value === 'string') return isStorableText(value) ? value : value.toWellFormed().replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(toStorableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toStorableJson(key) as string, toStorableJson(inner)]));
  }
  return value;
}
