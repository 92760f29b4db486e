import { describe, expect, it } from 'vitest'
import { formObject } from './form-object'
import { applyOutlineIntent, OUTLINE_LISTS, outlineFormSchema, outlineFromForm, outlineIntentSchema, sectionToShow } from './outline.server'

const outline = {
  sections: [
    { id: 'a', type: 'hero' as const, title: 'Hero', points: [] },
    { id: 'b', type: 'benefits' as const, title: 'Benefits', points: ['x'] },
    { id: 'c', type: 'faq' as const, title: 'FAQ', points: [] },
  ],
}
const intent = (v: string) => outlineIntentSchema.parse(v)

describe('outline form', () => {
  it('reads sections and one point per line', () => {
    const f = new FormData()
    for (const [id, type, title, points] of [
      ['a', 'hero', ' Big idea ', ''],
      ['b', 'benefits', 'Why', 'one\n\n two \nthree'],
    ]) {
      f.append('id', id)
      f.append('type', type)
      f.append('title', title)
      f.append('points', points)
    }
    expect(outlineFromForm(outlineFormSchema.parse(formObject(f, OUTLINE_LISTS)))).toEqual({
      sections: [
        { id: 'a', type: 'hero', title: 'Big idea', points: [] },
        { id: 'b', type: 'benefits', title: 'Why', points: ['one', 'two', 'three'] },
      ],
    })
  })
  it('moves, removes and adds sections', () => {
    expect(applyOutlineIntent(outline, intent('up:1'), () => 'n').sections.map((s) => s.id)).toEqual(['b', 'a', 'c'])
    expect(applyOutlineIntent(outline, intent('down:1'), () => 'n').sections.map((s) => s.id)).toEqual(['a', 'c', 'b'])
    expect(applyOutlineIntent(outline, intent('remove:0'), () => 'n').sections.map((s) => s.id)).toEqual(['b', 'c'])
    expect(applyOutlineIntent(outline, intent('add:specs'), () => 'n').sections.at(-1)).toEqual({
      id: 'n',
      type: 'specs',
      title: 'Specifications',
      points: [],
    })
    expect(applyOutlineIntent(outline, intent('up:0'), () => 'n')).toEqual(outline)
    expect(outlineIntentSchema.safeParse('add:nonsense').success).toBe(false)
  })
  it('after a change the editor comes back to the moved, added or next section', () => {
    const show = (v: string) =>
      sectionToShow(
        outline,
        applyOutlineIntent(outline, intent(v), () => 'n'),
        intent(v),
      )
    expect(show('up:1')).toBe('b')
    expect(show('down:1')).toBe('b')
    expect(show('remove:1')).toBe('c')
    expect(show('remove:2')).toBe('b')
    expect(show('add:faq')).toBe('n')
    expect(show('save')).toBeNull()
    expect(show('continue')).toBeNull()
  })
  it('refuses an unknown section type or intent instead of guessing one', () => {
    const f = new FormData()
    f.append('id', 'a')
    f.append('type', 'carousel')
    f.append('title', 'x')
    f.append('points', '')
    expect(outlineFormSchema.safeParse(formObject(f, OUTLINE_LISTS)).success).toBe(false)
    for (const bad of ['up:x', 'sideways:1', 'up:1:2', '__proto__', '']) expect(outlineIntentSchema.safeParse(bad).success, bad).toBe(false)
  })
  it('refuses lists that do not line up', () => {
    const f = new FormData()
    f.append('id', 'a')
    f.append('id', 'b')
    f.append('type', 'hero')
    f.append('title', 'x')
    f.append('points', '')
    expect(outlineFormSchema.safeParse(formObject(f, OUTLINE_LISTS)).success).toBe(false)
  })
})
