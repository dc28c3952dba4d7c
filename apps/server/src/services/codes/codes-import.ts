import {
  CODE_IMPORT_COLUMNS,
  CODE_IMPORT_MAX_ROWS,
  codeImportRowSchema,
  detectSeparator,
  type ImportRowError,
  readCsv,
} from '@fotodrop/contract';

/** A code to store: `code` null is generated. */
export interface NewCode {
  code: string | null;
  label: string;
  galleryIds: number[];
  tags: string[];
  email: string;
}

type Column = (typeof CODE_IMPORT_COLUMNS)[number];
const isColumn = (name: string): name is Column => (CODE_IMPORT_COLUMNS as readonly string[]).includes(name);

/**
 * Checks an import file row by row and reports every refused row (line numbers as a spreadsheet
 * shows them: the header is line 1). Codes already stored anywhere are looked up once, through
 * `taken`, so the check runs inside the import's transaction.
 */
export async function importRows(
  text: string,
  galleries: { id: number; name: string }[],
  taken: (codes: string[]) => Promise<Set<string>>,
): Promise<{ codes: NewCode[]; errors: ImportRowError[] }> {
  const fail = (line: number, column: string | null, reason: string) => ({
    codes: [],
    errors: [{ line, column, reason }],
  });
  // the separator a spreadsheet wrote (`,`, or `;` and tab in much of Europe), as the runners' import reads it
  const parsed = readCsv(text, detectSeparator(text), CODE_IMPORT_MAX_ROWS + 1);
  if (!parsed.ok) return fail(parsed.unclosedQuoteRow, null, 'csv.unclosed_quote');
  const rows = parsed.records.map((r) => ({ line: r.row, cells: r.cells }));
  const [header, ...data] = rows;
  if (!header) return fail(1, null, 'csv.empty');
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const errors: ImportRowError[] = [];
  columns.forEach((name, i) => {
    if (!isColumn(name))
      errors.push({ line: header.line, column: name || `#${i + 1}`, reason: 'column.unknown' });
    else if (columns.indexOf(name) !== i)
      errors.push({ line: header.line, column: name, reason: 'column.duplicate' });
  });
  if (errors.length > 0) return { codes: [], errors };
  if (data.length === 0) return fail(header.line, null, 'csv.no_rows');
  if (data.length > CODE_IMPORT_MAX_ROWS)
    return fail(data[CODE_IMPORT_MAX_ROWS]!.line, null, 'csv.too_many_rows');

  const byId = new Map(galleries.map((g) => [String(g.id), [g.id]]));
  const byName = new Map<string, number[]>();
  for (const g of galleries) {
    const key = g.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), g.id]);
  }
  const codes: NewCode[] = [];
  const lines: number[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of data) {
    if (row.cells.length > columns.length) {
      errors.push({ line: row.line, column: null, reason: 'row.too_many_cells' });
      continue;
    }
    const record = Object.fromEntries(
      CODE_IMPORT_COLUMNS.map((c) => [c, row.cells[columns.indexOf(c)] ?? '']),
    );
    const parsed = codeImportRowSchema.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '') || null;
        const reason = /^[a-z_]+(\.[a-z0-9_]+)+$/.test(issue.message)
          ? issue.message
          : `${column ?? 'row'}.invalid`;
        if (!errors.some((e) => e.line === row.line && e.column === column))
          errors.push({ line: row.line, column, reason });
      }
      continue;
    }
    const { code, label, galleries: named, tags, email } = parsed.data;
    const galleryIds: number[] = [];
    let galleriesOk = true;
    for (const name of named) {
      const ids = byId.get(name) ?? byName.get(name.toLowerCase()) ?? [];
      if (ids.length !== 1) {
        errors.push({
          line: row.line,
          column: 'galleries',
          reason: ids.length ? 'gallery.ambiguous' : 'gallery.unknown',
        });
        galleriesOk = false;
        break;
      }
      if (!galleryIds.includes(ids[0]!)) galleryIds.push(ids[0]!);
    }
    if (!galleriesOk) continue;
    if (code) {
      const first = firstLineOf.get(code);
      if (first !== undefined) {
        errors.push({ line: row.line, column: 'code', reason: 'code.duplicate_in_file' });
        continue;
      }
      firstLineOf.set(code, row.line);
    }
    codes.push({ code: code || null, label, galleryIds, tags: [...new Set(tags)], email });
    lines.push(row.line);
  }
  const chosen = codes.flatMap((c) => (c.code ? [c.code] : []));
  const stored = chosen.length > 0 ? await taken(chosen) : new Set<string>();
  codes.forEach((c, i) => {
    if (c.code && stored.has(c.code)) errors.push({ line: lines[i]!, column: 'code', reason: 'code.taken' });
  });
  errors.sort((a, b) => a.line - b.line);
  return { codes, errors };
}
