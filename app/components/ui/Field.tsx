import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { InputHTMLAttributes } from 'react'

type InputType = 'text' | 'email' | 'tel' | 'url' | 'number' | 'password' | 'search'

/** A labelled input bound to a conform field, with its messages underneath (server or browser). */
export function Field({
  label,
  meta,
  type = 'text',
  hint,
  ...rest
}: {
  label: string
  meta: FieldMetadata<string | undefined>
  type?: InputType
  hint?: string
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id' | 'defaultValue'>) {
  const { key, ...inputProps } = getInputProps(meta, { type })
  const errors = meta.errors
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input key={key} className="input" {...inputProps} {...rest} />
      {hint && !errors?.length ? <p className="hint">{hint}</p> : null}
      <ul id={meta.errorId} className="field-errors">
        {errors?.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
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
