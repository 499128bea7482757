/** A user's search text inside a LIKE pattern: its %, _ and \ match themselves. */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
