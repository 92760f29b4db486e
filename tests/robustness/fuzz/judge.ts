import type { Reply } from './http'

/** Words a person can read in a page or text answer (markup, scripts and styles removed). */
export function readableWords(body: Buffer): string[] {
  const text = body
    .toString('utf8')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, ' ')
  return text.match(/\p{L}{2,}/gu) ?? []
}

/**
 * The rule for every case: an answer (no hang, no cut connection), no 5xx, 413 for an oversize
 * body, and a 4xx that says something: a readable page or text on the web, a JSON `error` string
 * from the api. Returns why the case fails, or null.
 */
export function judge(surface: 'web' | 'api', oversize: boolean, r: Reply): string | null {
  if (r.error) return r.error
  if (oversize && r.status !== 413) return `expected 413 for a 10 MB body, got ${r.status}`
  if (r.status >= 500) return `${r.status} server error`
  if (r.status >= 400) {
    if (surface === 'api') {
      let error: unknown
      try {
        error = JSON.parse(r.body.toString('utf8'))?.error
      } catch {
        return `${r.status} whose body is not JSON (${r.headers['content-type'] ?? 'no content-type'})`
      }
      if (typeof error !== 'string' || !error.trim()) return `${r.status} without a JSON "error" string`
    } else if (readableWords(r.body).length < 3) {
      return `${r.status} without a readable message (${r.body.length} bytes of ${r.headers['content-type'] ?? 'no content-type'})`
    }
  }
  return null
}

/** The server's output after the line that contains `mark` (empty when the mark has left the tail). */
export function outputAfter(mark: string, tail: string): string {
  const at = tail.lastIndexOf(mark)
  if (at < 0) return ''
  const lineEnd = tail.indexOf('\n', at)
  return lineEnd < 0 ? '' : tail.slice(lineEnd + 1)
}

/** One line that says what went wrong, from the server's output of one request (`last`: the last such line). */
export function errorLine(output: string, opts: { last?: boolean } = {}): string {
  const lines = output.split('\n').filter((l) => l.trim())
  const order = lines.map((_, i) => i)
  if (opts.last) order.reverse()
  for (const i of order) {
    const line = lines[i].trim()
    if (/^at /.test(line) || /\bINFO\b/.test(line) || /==== PAGEWRIGHT LOGIN CODE/.test(line)) continue
    if (!/error|exception|fail|refus|invalid|cannot|unexpected/i.test(line)) continue
    // The api's structured line carries the stack in a JSON field: keep its first line and frame.
    const inJson = /"error":"((?:[^"\\]|\\.)*)"/.exec(line)
    const stack: string[] = inJson ? JSON.parse(`"${inJson[1]}"`).split('\n') : [line, ...lines.slice(i + 1, i + 12)]
    const where = stack
      .map((l) => l.trim())
      .find((l) => /^at /.test(l) && /(build\/server|\/server\/|\/app\/)/.test(l) && !/node_modules/.test(l))
    const message = (inJson ? `${line.slice(0, line.indexOf('{')).trim()}: ${stack[0]}` : line).replace(/^\S+Z (ERROR|WARN)\s+/, '$1 ')
    const frame = where
      ? ` — ${where
          .split(`${process.cwd()}/`)
          .join('')
          .replace(/server-build-[^.]+\.js/, 'server-build.js')}`
      : ''
    // A failed query's SQL and parameters are long: its first words say which table.
    return message.replace(/(Failed query: .{0,60}).*/, '$1…').slice(0, 220) + frame
  }
  return ''
}
