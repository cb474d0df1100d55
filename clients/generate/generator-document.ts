const STORABLE_JSON_REF = '#/components/schemas/StorableJson';

const only = (member: unknown, key: string) =>
  Boolean(member) && typeof member === 'object' && Object.keys(member as object).length === 1 && key in (member as object);

/** "Extra fields allowed, if NUL-free" becomes "extra fields allowed" (a map of any JSON). */
const isStorableJsonMap = (key: string, value: unknown) =>
  key === 'additionalProperties' && only(value, '$ref') && (value as { $ref: string }).$ref === STORABLE_JSON_REF;

/** Keywords the API validates that the generators cannot follow, and that a client can do without. */
function droppedForGenerators(key: string, value: unknown): boolean {
  // The NUL rule on keys.
  if (key === 'propertyNames') return true;
  // "At least one of these fields" (login's email or username, a PATCH body's at-least-one field).
  if (key === 'anyOf' && Array.isArray(value) && value.every((member) => only(member, 'required'))) return true;
  // An extra pattern on a string (no NUL) beside its own.
  if (key === 'allOf' && Array.isArray(value) && value.every((member) => only(member, 'pattern'))) return true;
  return false;
}

/**
 * The served document, simplified where the generators cannot follow it. The recursive
 * `StorableJson` (any JSON without NUL characters) becomes "any JSON"; the NUL rules on keys and the
 * second pattern on strings go; "at least one of these fields" goes. openapi-python-client 0.29.1
 * drops every operation that refers to the recursive schema and types an `anyOf` body as `Any`,
 * oapi-codegen 2.8.2 emits Go that does not compile or panics on a parameter with `allOf`, and tsc
 * resolves openapi-typescript's recursive map to `undefined` values. The rules stay in the served
 * document and the API enforces them; a client only loses the local check. Pure.
 */
export function forGenerators(document: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, inner]) => !droppedForGenerators(key, inner))
        .map(([key, inner]) => [key, isStorableJsonMap(key, inner) ? true : strip(inner)]),
    );
  };
  const simplified = strip(document) as { components?: { schemas?: Record<string, { description?: string }> } };
  const schemas = simplified.components?.schemas;
  if (schemas?.StorableJson) schemas.StorableJson = { description: schemas.StorableJson.description ?? 'Any JSON value' };
  return simplified as Record<string, unknown>;
}
