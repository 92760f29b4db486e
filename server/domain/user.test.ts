import { describe, expect, it } from 'vitest'
import { avatarLetter, planLabel, splitName } from './user'

describe('avatar letter (reference §9.7)', () => {
  it('uses the e-mail when first_name is the default "Firstname"', () =>
    expect(avatarLetter({ first_name: 'Firstname', name: 'Zed', email: 'ana@example.com' })).toBe('A'))
  it('otherwise the first letter of name', () => expect(avatarLetter({ first_name: 'Bob', name: 'carla smith', email: 'x@y.z' })).toBe('C'))
  it('falls back to first_name when name is empty', () => expect(avatarLetter({ first_name: 'dora', name: '', email: 'x@y.z' })).toBe('D'))
  it('falls back to "Unknown" when both are empty', () => expect(avatarLetter({ first_name: '', name: null, email: 'x@y.z' })).toBe('U'))
  it('is uppercased', () => expect(avatarLetter({ first_name: 'é', name: 'émile', email: 'x' })).toBe('É'))
})

describe('names', () => {
  it('splits a full name', () => expect(splitName('  Ana  María Pérez ')).toEqual({ first_name: 'Ana', last_name: 'María Pérez' }))
  it('keeps the default first name without a name', () => expect(splitName('')).toEqual({ first_name: 'Firstname', last_name: null }))
  it('labels plans', () => {
    expect(planLabel({ role: 'free', plan: null })).toBe('Free')
    expect(planLabel({ role: 'paid', plan: 'Pro 4,000 yearly' })).toBe('Pro · Pro 4,000 yearly')
  })
})
