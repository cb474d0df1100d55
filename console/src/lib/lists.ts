// Editors keep their rows (layers, levels, steps) in state; these return a new list so React sees the change.

/** The list with the item at `index` merged with `patch`. */
export function patchAt<T>(items: readonly T[], index: number, patch: Partial<T>): T[] {
  return items.map((item, at) => (at === index ? { ...item, ...patch } : item));
}

/** The list without the item at `index`. */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, at) => at !== index);
}
