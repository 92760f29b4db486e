import type { SubmissionResult } from '@conform-to/react'
import { useId, useState, type FormEvent } from 'react'
import { MESSAGES } from '../../server/domain/validation'

/**
 * Forms without a form library in the browser (issue 10: the sign-in screens' script budget). The
 * action parses the post with the form's zod schema (`app/forms/*.server.ts`) and answers with
 * conform's `submission.reply()`; this hook shows that reply (values and messages), with or
 * without JS. With JS it also checks the simple rules below before posting, with the same words as
 * the schema (server/domain/validation.ts); anything subtler is left to the action.
 */
export interface FieldRule {
  required?: boolean
  minLength?: number
  maxLength?: number
  /** Checked against the trimmed value, with `patternMessage`. */
  pattern?: RegExp
  patternMessage?: string
  email?: boolean
}

type Errors = Record<string, string[] | null | undefined>

export interface FieldMeta {
  id: string
  name: string
  errorId: string
  errors?: string[]
  /** For `<input>` or `<textarea>`: name, id, constraints, the value posted last, aria links to the messages. */
  props: {
    id: string
    name: string
    required?: boolean
    minLength?: number
    maxLength?: number
    defaultValue?: string
    'aria-invalid'?: boolean
    'aria-describedby'?: string
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The messages of one value under one rule, in the order the schema would give them. */
export function check(raw: string, rule: FieldRule): string[] {
  const value = raw.trim()
  if (!value) return rule.required ? [MESSAGES.required] : []
  const messages: string[] = []
  if (rule.pattern && !rule.pattern.test(value)) messages.push(rule.patternMessage ?? MESSAGES.invalidFormat)
  if (rule.minLength && value.length < rule.minLength) messages.push(MESSAGES.minLength(rule.minLength))
  if (rule.maxLength && value.length > rule.maxLength) messages.push(MESSAGES.maxLength(rule.maxLength))
  if (rule.email && !messages.length && !EMAIL.test(value)) messages.push(MESSAGES.email)
  return messages
}

export function useForm<Name extends string>(options: {
  lastResult?: SubmissionResult<string[]> | null
  rules: Record<Name, FieldRule>
  defaultValue?: Partial<Record<Name, string>>
  /** When a field is first checked: as it loses focus, or only when the form is sent. */
  validateOn: 'blur' | 'submit'
}) {
  const { lastResult, rules, defaultValue, validateOn } = options
  const id = useId()
  // Each new reply replaces what the browser said; the browser's checks then replace a field's messages.
  const [state, setState] = useState({ reply: lastResult, errors: (lastResult?.error ?? {}) as Errors })
  let errors = state.errors
  if (state.reply !== lastResult) {
    errors = (lastResult?.error ?? {}) as Errors
    setState({ reply: lastResult, errors })
  }
  const values = (lastResult?.initialValue ?? defaultValue ?? {}) as Record<string, unknown>

  const ruleOf = (name: string): FieldRule | undefined => (rules as Record<string, FieldRule>)[name]
  const validate = (el: EventTarget, always: boolean) => {
    const { name, value } = el as HTMLInputElement
    const rule = ruleOf(name)
    if (rule && (always || errors[name] !== undefined)) setState((s) => ({ ...s, errors: { ...s.errors, [name]: check(value, rule) } }))
  }

  const formErrors = errors['']?.length ? errors[''] : undefined
  const form = {
    id,
    errorId: `${id}-form-error`,
    errors: formErrors,
    props: {
      id,
      noValidate: true,
      'aria-describedby': formErrors ? `${id}-form-error` : undefined,
      onBlur: (e: FormEvent<HTMLFormElement>) => validate(e.target, validateOn === 'blur'),
      onInput: (e: FormEvent<HTMLFormElement>) => validate(e.target, false),
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        const next: Errors = {}
        let first: HTMLInputElement | undefined
        for (const name of Object.keys(rules)) {
          const el = e.currentTarget.elements.namedItem(name) as HTMLInputElement | null
          if (!el) continue
          next[name] = check(el.value, ruleOf(name)!)
          if (next[name]!.length && !first) first = el
        }
        setState((s) => ({ ...s, errors: next }))
        if (first) {
          e.preventDefault()
          first.focus()
        }
      },
    },
  }

  const field = (name: Name): FieldMeta => {
    const rule = ruleOf(name)!
    const fieldErrors = errors[name]?.length ? errors[name]! : undefined
    const fieldId = `${id}-${name}`
    const value = values[name]
    return {
      id: fieldId,
      name,
      errorId: `${fieldId}-error`,
      errors: fieldErrors,
      props: {
        id: fieldId,
        name,
        required: rule.required || undefined,
        minLength: rule.minLength,
        maxLength: rule.maxLength,
        defaultValue: typeof value === 'string' ? value : undefined,
        'aria-invalid': fieldErrors ? true : undefined,
        'aria-describedby': fieldErrors ? `${fieldId}-error` : undefined,
      },
    }
  }
  return { form, field }
}
