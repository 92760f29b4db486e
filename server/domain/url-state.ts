import { isSessionId } from './ids'
import { UPGRADE_REASONS, type UpgradeReason } from './permissions'
import { BILLING_CYCLES } from './plans'

/**
 * What a page's URL may say about its state (dialogs, the task it is about), as a schema: each
 * parameter has one reader, and a value outside what it accepts is ignored (never looked up on
 * an object, never passed on). Plain functions rather than zod so the browser bundle stays small.
 */
type Reader<T> = (raw: string | null) => T | undefined

const oneOf =
  <T extends string>(allowed: readonly T[]): Reader<T> =>
  (raw) =>
    raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined

const positiveInt =
  (max: number): Reader<number> =>
  (raw) => {
    if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined
    const n = Number(raw)
    return n >= 1 && n <= max ? n : undefined
  }

const taskId: Reader<string> = (raw) => (raw !== null && isSessionId(raw) ? raw.toLowerCase() : undefined)

export const DIALOG_NAMES = ['upgrade', 'refer'] as const

export const URL_STATE = {
  dialog: oneOf(DIALOG_NAMES),
  reason: oneOf<UpgradeReason>(UPGRADE_REASONS),
  cycle: oneOf(BILLING_CYCLES),
  credits: positiveInt(1_000_000),
  /** The upgrade dialog's card panel instead of the pay button. */
  panel: oneOf(['checkout'] as const),
} as const

/** Every parameter of dialog state: closing a dialog, or going back to a form, removes them all. */
export const DIALOG_PARAMS = Object.keys(URL_STATE)

export type UrlState = { [K in keyof typeof URL_STATE]?: ReturnType<(typeof URL_STATE)[K]> }

/** The dialog state of a URL's query, each value checked against its reader. */
export function readUrlState(search: string | URLSearchParams): UrlState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const state: UrlState = {}
  for (const key of Object.keys(URL_STATE) as (keyof typeof URL_STATE)[]) {
    const value = URL_STATE[key](params.get(key))
    if (value !== undefined) Object.assign(state, { [key]: value })
  }
  return state
}

/** `?page=` of a paged list: a whole number from 1 to 10,000, else the first page. */
export const pageParam = (search: string | URLSearchParams): number =>
  positiveInt(10_000)((typeof search === 'string' ? new URLSearchParams(search) : search).get('page')) ?? 1

/** `?session_id=` naming a task (a UUID), or undefined for anything else. */
export const taskIdParam = (search: string | URLSearchParams): string | undefined =>
  taskId((typeof search === 'string' ? new URLSearchParams(search) : search).get('session_id'))
