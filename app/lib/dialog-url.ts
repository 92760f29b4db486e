/** Dialogs are URL state (docs/decisions/0001-dialogs-as-url-state.md): these build the links that open, change and close them. */
import { DIALOG_PARAMS } from '../../server/domain/url-state'

export function withParams(pathname: string, search: string, set: Record<string, string | null>): string {
  const params = new URLSearchParams(search)
  for (const [k, v] of Object.entries(set)) {
    if (v === null) params.delete(k)
    else params.set(k, v)
  }
  const qs = params.toString()
  return `${pathname}${qs ? `?${qs}` : ''}`
}

export function withoutDialog(pathname: string, search: string): string {
  return withParams(pathname, search, Object.fromEntries(DIALOG_PARAMS.map((k) => [k, null])))
}

export function withoutStoreExist(pathname: string, search: string): string {
  return withParams(pathname, search, { store_exist: null })
}
