/**
 * The baseline: a bare node:http server answering every request with the same bytes.
 * Usage: node --import tsx scripts/bench/bare-server.ts <body-file> <content-type>
 * Prints `LISTENING <port>` once ready; exits on SIGTERM.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const [file, contentType] = process.argv.slice(2)
if (!file || !contentType) {
  console.error('usage: bare-server.ts <body-file> <content-type>')
  process.exit(2)
}
const body = readFileSync(file)
const headers = { 'content-type': contentType, 'content-length': String(body.length) }

const server = http.createServer((req, res) => {
  // Drain any request body, then answer.
  req.resume()
  res.writeHead(200, headers)
  res.end(body)
})
server.listen(0, '127.0.0.1', () => {
  console.log(`LISTENING ${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
