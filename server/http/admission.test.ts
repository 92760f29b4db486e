import { describe, expect, it } from 'vitest'
import { firstComeFirstServed } from './admission'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('first come, first served', () => {
  it('runs at most max at once and starts the rest in arrival order', async () => {
    const gate = firstComeFirstServed(2)
    const started: number[] = []
    const finish: (() => void)[] = []
    const jobs = [0, 1, 2, 3, 4].map((i) =>
      gate.run(async () => {
        started.push(i)
        await new Promise<void>((resolve) => (finish[i] = resolve))
        return i
      }),
    )
    await tick()
    expect(started).toEqual([0, 1])
    expect(gate.load()).toEqual({ running: 2, waiting: 3 })
    finish[1]()
    await tick()
    expect(started).toEqual([0, 1, 2])
    finish[0]()
    finish[2]()
    await tick()
    finish[3]()
    await tick()
    finish[4]()
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4])
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(gate.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('a failing render gives its slot back', async () => {
    const gate = firstComeFirstServed(1)
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next')
    expect(gate.load()).toEqual({ running: 0, waiting: 0 })
  })
})
