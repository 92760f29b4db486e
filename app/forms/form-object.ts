/**
 * A posted form as a plain object for a zod schema. Fields named in `lists` are always arrays;
 * any other field sent twice becomes an array too, so a schema expecting one value refuses it.
 * No prototype: a field called "__proto__" is just a field.
 */
export function formObject(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null)
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).map((v) => (typeof v === 'string' ? v : ''))
    out[key] = lists.includes(key) ? values : values.length === 1 ? values[0] : values
  }
  for (const key of lists) out[key] ??= []
  return out
}
