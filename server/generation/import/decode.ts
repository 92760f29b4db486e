import { decodeBuffer, getEncoding } from 'encoding-sniffer'

/**
 * A fetched body as text, the way a browser reads it. HTML follows the HTML standard's encoding
 * sniffing (encoding-sniffer): a byte order mark first (a page saved as UTF-16 says so only there),
 * then the Content-Type charset, then a `<meta charset>` in the first 1,024 bytes, else UTF-8.
 * Anything else (JSON, the Shopify `.js` answer) is UTF-8 unless the header names a charset.
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]
  if (/html/i.test(contentType) || !contentType) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const options = { transportLayerEncodingLabel: charset, defaultEncoding: 'utf-8' }
    // A page whose <meta> names a one-byte charset ("iso-8859-1") while its bytes are UTF-8 (the
    // server's header, which said so, is not what the meta says): letters outside ASCII that form
    // valid UTF-8 are UTF-8 (Latin-1 text almost never does), and read as Latin-1 they would be
    // mojibake ("227,70 â‚¬").
    const utf8 = !charset && ONE_BYTE_CHARSET.test(getEncoding(bytes, options)) ? utf8Text(bytes) : null
    return utf8 ?? decodeBuffer(buffer, options)
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes) // a label TextDecoder doesn't know
  }
}

/** The one-byte charsets a page may name in its <meta> (Latin-1, Windows' code pages, KOI8…). */
const ONE_BYTE_CHARSET = /^(?:windows-12\d\d|iso-8859-\d+|koi8-[ru]|macintosh|ibm866|x-mac-cyrillic)$/i

/** The bytes as UTF-8 when they hold non-ASCII letters and are valid UTF-8, else null. */
function utf8Text(bytes: Uint8Array): string | null {
  if (!bytes.some((b) => b >= 0x80)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}
