import { describe, expect, it } from 'vitest'
import { applyOutlineIntent, outlineFromForm } from './outline-form'

const outline = {
  sections: [
    { id: 'a', type: 'hero' as const, title: 'Hero', points: [] },
    { id: 'b', type: 'benefits' as const, title: 'Benefits', points: ['x'] },
    { id: 'c', type: 'faq' as const, title: 'FAQ', points: [] },
  ],
}

describe('outline form', () => {
  it('reads sections and one point per line', () => {
    const f = new FormData()
    for (const [id, type, title, points] of [['a', 'hero', ' Big idea ', ''], ['b', 'benefits', 'Why', 'one\n\n two \nthree']]) {
      f.append('id', id); f.append('type', type); f.append('title', title); f.append('points', points)
    }
    expect(outlineFromForm(f)).toEqual({ sections: [
      { id: 'a', type: 'hero', title: 'Big idea', points: [] },
      { id: 'b', type: 'benefits', title: 'Why', points: ['one', 'two', 'three'] },
    ] })
  })
  it('moves, removes and adds sections', () => {
    expect(applyOutlineIntent(outline, 'up:1', () => 'n').sections.map((s) => s.id)).toEqual(['b', 'a', 'c'])
    expect(applyOutlineIntent(outline, 'down:1', () => 'n').sections.map((s) => s.id)).toEqual(['a', 'c', 'b'])
    expect(applyOutlineIntent(outline, 'remove:0', () => 'n').sections.map((s) => s.id)).toEqual(['b', 'c'])
    expect(applyOutlineIntent(outline, 'add:specs', () => 'n').sections.at(-1)).toEqual({ id: 'n', type: 'specs', title: 'Specifications', points: [] })
    expect(applyOutlineIntent(outline, 'up:0', () => 'n')).toEqual(outline)
    expect(applyOutlineIntent(outline, 'add:nonsense', () => 'n')).toEqual(outline)
  })
})
