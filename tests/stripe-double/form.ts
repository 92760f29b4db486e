import { invalid } from './wire'

/** A form-encoded Stripe request, nested: `a[b][0][c]=x` → `{ a: { b: [{ c: 'x' }] } }`; `expand[]=x` and `expand[0]=x` are both lists. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type Form = { [key: string]: FormValue }

function splitKey(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!m) return null
  const rest = [...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])
  return [m[1], ...rest]
}

type Node = { [key: string]: Node | string }

function toValue(node: Node | string): FormValue {
  if (typeof node === 'string') return node
  const keys = Object.keys(node)
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => toValue(node[k]))
  }
  return Object.fromEntries(keys.map((k) => [k, toValue(node[k])]))
}

export function parseForm(params: URLSearchParams): Form {
  const root: Node = {}
  for (const [key, value] of params) {
    const path = splitKey(key)
    if (!path) throw invalid(key, `Invalid parameter name: ${key}`, 'parameter_unknown')
    let node = root
    for (let i = 0; i < path.length; i++) {
      const seg = path[i] === '' ? String(Object.keys(node).length) : path[i]
      if (i === path.length - 1) {
        node[seg] = value
      } else {
        const next = node[seg]
        if (typeof next === 'string') throw invalid(path.slice(0, i + 1).join('.'), `Invalid object: ${key}`)
        node = node[seg] = next ?? {}
      }
    }
  }
  return toValue(root) as Form
}

/** Readers that fail the way Stripe does: 400 with the parameter's name. */
export function optString(form: Form, key: string, label = key): string | undefined {
  const v = form[key]
  if (v === undefined) return undefined
  if (typeof v !== 'string') throw invalid(label, `Invalid string: ${label}`)
  return v
}

export function reqString(form: Form, key: string, label = key): string {
  const v = optString(form, key, label)
  if (v === undefined || v === '') throw invalid(label, `Missing required param: ${label}.`, 'parameter_missing')
  return v
}

export function optBool(form: Form, key: string): boolean | undefined {
  const v = optString(form, key)
  if (v === undefined) return undefined
  if (v !== 'true' && v !== 'false') throw invalid(key, `Invalid boolean: ${v}`)
  return v === 'true'
}

export function optInt(form: Form, key: string, label = key): number | undefined {
  const v = optString(form, key, label)
  if (v === undefined) return undefined
  if (!/^\d+$/.test(v)) throw invalid(label, `Invalid integer: ${v}`)
  return Number(v)
}

export function optObject(form: Form, key: string, label = key): Form | undefined {
  const v = form[key]
  if (v === undefined || v === '') return undefined
  if (typeof v === 'string' || Array.isArray(v)) throw invalid(label, `Invalid object`)
  return v
}

export function optList(form: Form, key: string): Form[] {
  const v = form[key]
  if (v === undefined || v === '') return []
  if (!Array.isArray(v)) throw invalid(key, `Invalid array`)
  return v.map((x, i) => {
    if (typeof x === 'string' || Array.isArray(x)) throw invalid(`${key}[${i}]`, `Invalid object`)
    return x
  })
}

/** `expand[]` paths. */
export function expandPaths(form: Form): string[] {
  const v = form.expand
  if (v === undefined) return []
  const list = Array.isArray(v) ? v : [v]
  return list.map((x) => {
    if (typeof x !== 'string') throw invalid('expand', 'Invalid array')
    return x
  })
}

/** Metadata as Stripe merges it: `metadata[k]=` removes k, `metadata=` clears all. */
export function mergeMetadata(current: Record<string, string>, form: Form): Record<string, string> {
  const v = form.metadata
  if (v === undefined) return current
  if (v === '') return {}
  if (typeof v === 'string' || Array.isArray(v)) throw invalid('metadata', 'Invalid object')
  const out = { ...current }
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string') throw invalid(`metadata[${k}]`, 'Invalid string')
    if (val === '') delete out[k]
    else out[k] = val
  }
  return out
}
