import { patchAt, removeAt } from '../../console/src/lib/lists.ts';

interface Row {
  name: string;
  delay: number;
}
const rows: readonly Row[] = [
  { name: 'a', delay: 1 },
  { name: 'b', delay: 2 },
  { name: 'c', delay: 3 },
];

describe('patchAt', () => {
  test.each([
    { index: 0, patch: { delay: 9 }, expected: [{ name: 'a', delay: 9 }, rows[1], rows[2]] },
    { index: 2, patch: { name: 'z' }, expected: [rows[0], rows[1], { name: 'z', delay: 3 }] },
    { index: 1, patch: {}, expected: [...rows] },
    { index: 5, patch: { delay: 0 }, expected: [...rows] },
  ])('index $index with $patch', ({ index, patch, expected }) => {
    const next = patchAt(rows, index, patch);
    expect(next).toEqual(expected);
    expect(next).not.toBe(rows);
    // Untouched rows stay the same objects; the patched one is new.
    next.forEach((row, at) => expect(row === rows[at]).toBe(at !== index));
  });
});

describe('removeAt', () => {
  test.each([
    { index: 0, expected: ['b', 'c'] },
    { index: 1, expected: ['a', 'c'] },
    { index: 2, expected: ['a', 'b'] },
    { index: 3, expected: ['a', 'b', 'c'] },
  ])('index $index', ({ index, expected }) => {
    expect(removeAt(rows, index).map((row) => row.name)).toEqual(expected);
    expect(rows).toHaveLength(3);
  });
});
