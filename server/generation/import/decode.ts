import { decodeBuffer } from 'encoding-sniffer'

/**
 * A fetched body as text, the way a browser reads it. HTML follows the HTML standard's encoding
 * sniffing (encoding-sniffer): a byte order mark first (a page saved as UTF-16 says so only there),
 * then the Content-Type charset, then a `<meta charset>` in the first 1,024 bytes, else UTF-8.
 * Anything else (JSON, the Shopify `.js` answer) is UTF-8 unless the header names a charset.
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]
  if (/html/i.test(contentType) || !contentType)
    return decodeBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      transportLayerEncodingLabel: charset,
      defaultEncoding: 'utf-8',
    })
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes) // a label TextDecoder doesn't know
  }
}
