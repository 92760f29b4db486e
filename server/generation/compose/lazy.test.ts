import { describe, expect, it } from 'vitest'
import { loadFacts } from '../../../tests/fixtures/facts'
import { findTemplate } from '../../domain/templates'
import { lazyComposer } from './lazy'
import { createComposer } from '.'

describe('the composer loaded on first use', () => {
  it('is named as createComposer names it, before anything is loaded', () => {
    expect(lazyComposer({}).name).toBe(createComposer({}).name)
    expect(lazyComposer({ OPENAI_API_KEY: 'sk-test' }).name).toBe('llm')
  })

  it('writes the same page as the composer it loads', async () => {
    const facts = loadFacts('cork-yoga-mat')
    const template = findTemplate(1)
    const write = async (c: ReturnType<typeof createComposer>) => {
      const research = await c.research(facts)
      const outline = await c.outline(facts, research, template)
      return (await c.compose(facts, outline, template)).page
    }
    expect(await write(lazyComposer({}))).toEqual(await write(createComposer({})))
  })
})
