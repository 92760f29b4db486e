import { describe, expect, it } from 'vitest'
import { backgroundWork } from './background-work'

/** A clock the jobs move forward, and rests that only note how long they were. */
function fakeTime() {
  let t = 0
  const rests: number[] = []
  return {
    now: () => t,
    advance: (ms: number) => (t += ms),
    rests,
    rest: async (ms: number) => {
      rests.push(ms)
      t += ms
    },
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('background work', () => {
  it('runs one job at a time, resting so that the jobs take at most their share of a core', async () => {
    const time = fakeTime()
    const work = backgroundWork({ share: 0.2, now: time.now, rest: time.rest })
    const log: string[] = []
    let running = 0
    const job = (name: string, ms: number) => async () => {
      running++
      expect(running).toBe(1)
      log.push(`${name} at ${time.now()}`)
      await settle()
      time.advance(ms)
      running--
    }
    expect(work.offer(job('a', 90))).toBe(true)
    expect(work.offer(job('b', 10))).toBe(true)
    expect(work.pending).toBe(2)
    for (let i = 0; i < 10; i++) await settle()
    // 90 ms of work, then 360 ms of rest (a fifth of the time), then the next.
    expect(log).toEqual(['a at 0', 'b at 450'])
    expect(time.rests).toEqual([360, 40])
    expect(work.pending).toBe(0)
  })

  it('refuses jobs beyond its queue (the caller offers again later), and goes on after a job fails', async () => {
    const time = fakeTime()
    const work = backgroundWork({ maxQueued: 2, now: time.now, rest: time.rest })
    const done: number[] = []
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    expect(work.offer(() => gate)).toBe(true) // running
    expect(work.offer(() => Promise.reject(new Error('broken')))).toBe(true)
    expect(work.offer(async () => done.push(3))).toBe(true)
    expect(work.offer(async () => done.push(4))).toBe(false)
    release()
    for (let i = 0; i < 10; i++) await settle()
    expect(done).toEqual([3])
    expect(work.offer(async () => done.push(5))).toBe(true)
    for (let i = 0; i < 10; i++) await settle()
    expect(done).toEqual([3, 5])
  })
})
