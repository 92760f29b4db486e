/** Plain text into HTML, escaped. No dependencies: screens and the server both use it. */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Plain text as paragraphs: blank lines split paragraphs, single newlines become <br>. Escaped. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p) =>
        `<p>${p
          .split('\n')
          .map((l) => escapeHtml(l.trim()))
          .join('<br>')}</p>`,
    )
    .join('\n')
}
