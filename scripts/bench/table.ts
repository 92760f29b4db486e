/** A column of a printed table: a header, how to read a cell from a row, and its alignment. */
export interface Column<Row> {
  header: string
  cell: (row: Row) => string
  align?: 'left' | 'right'
}

/** Renders rows as a fixed-width text table (markdown-compatible pipes). */
export function renderTable<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cells = rows.map((r) => columns.map((c) => c.cell(r)))
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i].length)))
  const pad = (text: string, i: number) => (columns[i].align === 'left' ? text.padEnd(widths[i]) : text.padStart(widths[i]))
  const line = (values: string[]) => `| ${values.map(pad).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (columns[i].align === 'left' ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|')}|`
  return [line(columns.map((c) => c.header)), rule, ...cells.map(line)].join('\n')
}

export const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`)
export const num = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
/** a / b, with enough digits to tell small ratios apart (0.0043×, 0.52×, 3.10×, 612×). */
export function ratio(a: number, b: number): string {
  if (!(b > 0)) return 'n/a'
  const r = a / b
  return `${r >= 100 ? r.toFixed(0) : r >= 1 ? r.toFixed(2) : r.toPrecision(2)}×`
}
