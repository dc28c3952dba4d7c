/** A `%…%` ILIKE pattern for text a person typed: their `%` and `_` are searched for, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
