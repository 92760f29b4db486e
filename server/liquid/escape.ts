const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** HTML-escapes text or an attribute value (what Liquid's `escape` does). */
export const escapeHtml = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!)
