import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { htmlBody } from './html-body'

function render(node: React.ReactNode, through: (out: Writable) => NodeJS.WritableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _e, done) {
        chunks.push(Buffer.from(chunk))
        done()
      },
      final(done) {
        resolve(Buffer.concat(chunks))
        done()
      },
    })
    const { pipe } = renderToPipeableStream(<>{node}</>, { onAllReady: () => pipe(through(sink)), onShellError: reject })
  })
}

// Many short texts with a three-byte character: one of them is bound to straddle a 2,048-byte buffer.
const curly = Array.from({ length: 1500 }, (_, i) => <span key={i}>{`store’s ${i}`}</span>)

describe('the HTML stream', () => {
  it('React alone sends NUL bytes where a multi-byte character straddles its buffer (why htmlBody exists)', async () => {
    const raw = await render(curly, (sink) => sink)
    expect(raw.includes(0)).toBe(true)
  })

  it('htmlBody sends the same page without them, every character whole', async () => {
    const html = await render(curly, (sink) => {
      const body = htmlBody()
      body.pipe(sink)
      return body
    })
    expect(html.includes(0)).toBe(false)
    const text = html.toString('utf8')
    expect(text).not.toContain('\uFFFD')
    expect(text.match(/store’s \d+/g)).toHaveLength(1500)
  })

  it('keeps chunks without NULs as they are and removes runs of them anywhere', () => {
    const body = htmlBody()
    const out: Buffer[] = []
    body.on('data', (c: Buffer) => out.push(c))
    body.write(Buffer.from('plain'))
    body.write(Buffer.from([0, 0x61, 0, 0, 0x62, 0]))
    body.end()
    expect(Buffer.concat(out).toString()).toBe('plainab')
  })
})
