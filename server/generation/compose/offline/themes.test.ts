import { describe, expect, it } from 'vitest'
import { classifySentence, type Theme } from './themes'

/**
 * Held out: review sentences written for this test about products the writer has never seen
 * (none of them is in tests/fixtures or was used to build the lexicons). `null`: no theme applies.
 */
const HELD_OUT: [string, Theme | null][] = [
  ['The jacket is incredibly comfortable even on long walks.', 'comfort'],
  ['These slippers are so soft and cozy.', 'comfort'],
  ['After an hour the straps dig in and my shoulders ache.', 'comfort'],
  ['The pillow is plush without being too squishy.', 'comfort'],
  ['Runs small, order one size up.', 'fit and size'],
  ['Fits true to size and the sleeves are the right length.', 'fit and size'],
  ['It was too tight around the waist.', 'fit and size'],
  ['The lid is a snug fit on my jar.', 'fit and size'],
  ['The color is even prettier in person.', 'looks'],
  ['Such a stylish design, it matches my kitchen.', 'looks'],
  ['The matte finish looks elegant on my desk.', 'looks'],
  ['Gorgeous pattern on the fabric.', 'looks'],
  ['The handle broke after two weeks.', 'build quality'],
  ['Feels sturdy and well built.', 'build quality'],
  ['The stitching started to fray after one wash.', 'build quality'],
  ['Flimsy plastic hinge, I expected better quality.', 'build quality'],
  ['Setup took five minutes and the instructions were clear.', 'ease of use'],
  ['Really easy to assemble on my own.', 'ease of use'],
  ['The app is confusing and the menus are complicated.', 'ease of use'],
  ['Cleanup is simple, the bowl goes in the dishwasher.', 'ease of use'],
  ['Great value for the price.', 'value'],
  ['A bit pricey, but worth every penny.', 'value'],
  ['Cheaper than the big brands and does the same job for less money.', 'value'],
  ['Overpriced for what you get.', 'value'],
  ['The battery lasts all week on a single charge.', 'performance'],
  ['The kettle boils water really fast.', 'performance'],
  ['Suction is strong enough for pet hair on carpet.', 'performance'],
  ['The speaker sound is loud and clear.', 'performance'],
  ['Bought it as a birthday gift for my dad and he loves it.', 'gifting'],
  ['Perfect Christmas present for my niece.', 'gifting'],
  ['Arrived two days early and well packaged.', 'delivery and service'],
  ['The seller sent a replacement right away when mine was damaged.', 'delivery and service'],
  ['Shipping took almost a month.', 'delivery and service'],
  ['Customer service answered my email within an hour.', 'delivery and service'],
  ['Love it!', null],
  ['Would recommend to anyone.', null],
  ['My second one, bought another for the cabin.', null],
  ['Five stars.', null],
  ['Exactly as described.', null],
  ['I use it every morning before work.', null],
]

describe('review themes on held-out sentences', () => {
  const results = HELD_OUT.map(([sentence, expected]) => ({ sentence, expected, got: classifySentence(sentence).theme }))

  it('has a realistic held-out set', () => {
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(40)
  })

  it('puts at least 85% of the sentences under the right theme (or none)', () => {
    const wrong = results.filter((r) => r.got !== r.expected)
    const accuracy = 1 - wrong.length / results.length
    expect(accuracy, wrong.map((w) => `${w.sentence} → ${w.got} (expected ${w.expected})`).join('\n')).toBeGreaterThanOrEqual(0.85)
  })

  it('never gives a theme to a sentence that names no aspect', () => {
    const spurious = results.filter((r) => r.expected === null && r.got !== null)
    expect(spurious.map((r) => `${r.sentence} → ${r.got}`)).toEqual([])
  })

  it('gives each sentence at most one theme', () => {
    for (const { sentence } of results) {
      const theme = classifySentence(sentence).theme
      expect(theme === null || typeof theme === 'string').toBe(true)
    }
  })
})
