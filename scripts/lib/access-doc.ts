/** Where the authorisation table sits in docs/security.md. */
export const ACCESS_TABLE_START = '<!-- access-table:start (npm run docs:security writes this) -->';
export const ACCESS_TABLE_END = '<!-- access-table:end -->';

/** The table between the markers, or undefined when the markers are missing. */
export function accessTableOf(doc: string): string | undefined {
  const start = doc.indexOf(ACCESS_TABLE_START);
  const end = doc.indexOf(ACCESS_TABLE_END);
  if (start < 0 || end < start) return undefined;
  return doc.slice(start + ACCESS_TABLE_START.length, end).trim();
}

export function replaceAccessTable(doc: string, table: string): string | undefined {
  const start = doc.indexOf(ACCESS_TABLE_START);
  const end = doc.indexOf(ACCESS_TABLE_END);
  if (start < 0 || end < start) return undefined;
  return `${doc.slice(0, start + ACCESS_TABLE_START.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

/** A Markdown table as rows of trimmed cells, so column alignment does not matter. */
export function tableCells(table: string): string[][] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}
