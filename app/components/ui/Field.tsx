import type { InputHTMLAttributes } from 'react'
import type { FieldMeta } from '../../lib/form'

type InputType = 'text' | 'email' | 'tel' | 'url' | 'number' | 'password' | 'search'

/** A labelled input bound to a form field, with its messages underneath (server or browser). */
export function Field({
  label,
  meta,
  type = 'text',
  hint,
  ...rest
}: {
  label: string
  meta: FieldMeta
  type?: InputType
  hint?: string
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id' | 'defaultValue'>) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input className="input" type={type} {...meta.props} {...rest} />
      {hint && !meta.errors ? <p className="hint">{hint}</p> : null}
      <FieldErrors meta={meta} />
    </div>
  )
}

/** The messages under a field (the list is always there, so screen readers find it when it fills). */
export function FieldErrors({ meta }: { meta: FieldMeta }) {
  return (
    <ul id={meta.errorId} className="field-errors">
      {meta.errors?.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null
  return (
    <div id={id} className="notice notice--error" role="alert" data-testid="form-error">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  )
}
