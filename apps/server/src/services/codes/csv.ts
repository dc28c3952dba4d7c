/**
 * CSV as spreadsheets read it (RFC 4180) for the files the console exports. Reading CSV is the
 * contract's `readCsv` (rules/csv.ts), shared with the console's own checks.
 */

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) gets a leading `'`: a label typed by anyone must not become a formula in the
 * organiser's spreadsheet (CSV injection).
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line (CRLF-terminated), every cell guarded and quoted when it needs to be. */
export function csvLine(values: readonly string[]): string {
  return `${values
    .map((raw) => {
      const value = safeCell(raw);
      return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(',')}\r\n`;
}
