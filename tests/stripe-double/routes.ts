import { type Billing } from './billing'
import { type Form } from './form'
import { type EventRequest } from './webhooks'

/** What an /v1 endpoint gets: the form, `expand[]`, who asked (for events), and the mode the key chose. */
export interface Ctx {
  form: Form
  expand: string[]
  req: EventRequest
  /** The mode the key chose: its objects, catalog and payments. */
  b: Billing
}
export type Handler = (id: string, ctx: Ctx) => unknown
export type Route = [string, RegExp, Handler]
