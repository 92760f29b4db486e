import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { timeStart } from './bench/start-time'
const dirs = process.argv.slice(2)
const n = Number(process.env.N ?? 3)
const out: Record<string, number[]> = {}
for (let i = 0; i < n; i++) {
  for (const cwd of dirs) {
    const d = await mkdtemp(path.join(tmpdir(), 'fa-'))
    const r = await timeStart('start script', path.join(d, 'data'), 'new', cwd)
    ;(out[cwd] ??= []).push(Math.round((r.rss ?? 0) / 1e5) / 10)
    console.log(cwd, 'new folder first answer', ((r.rss ?? 0) / 1e6).toFixed(1), 'MB', Math.round(r.ms), 'ms')
    await rm(d, { recursive: true, force: true })
  }
}
console.log(JSON.stringify(out))
