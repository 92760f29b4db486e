import { Transform, type TransformCallback } from 'node:stream'

/**
 * The stream React's HTML is piped into on its way to the browser, without NUL bytes.
 *
 * React 18.3's streaming renderer writes its 2,048-byte buffers whole when a multi-byte character
 * (’ › — €) does not fit at the end of one, so the unused bytes go out as NULs: "store\0\0’s".
 * Browsers drop them from text, but inside the inline data the app hydrates from they turn into
 * U+FFFD and the page's data is no longer what the server sent. A 0x00 byte in UTF-8 is only ever
 * U+0000 itself, which has no place in HTML, so removing every one is safe.
 */
export function htmlBody() {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let at = chunk.indexOf(0)
      if (at === -1) return done(null, chunk)
      const parts: Buffer[] = []
      let start = 0
      for (; at !== -1; at = chunk.indexOf(0, start)) {
        if (at > start) parts.push(chunk.subarray(start, at))
        start = at + 1
      }
      parts.push(chunk.subarray(start))
      done(null, Buffer.concat(parts))
    },
  })
}
