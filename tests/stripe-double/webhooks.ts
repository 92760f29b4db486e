import Stripe from 'stripe'
import { API_VERSION, newId, type Wire } from './wire'

export interface WebhookTarget {
  url: string
  secret: string
  deliver?: (req: Request) => Promise<Response>
}

export interface SentEvent {
  id: string
  type: string
  payload: string
}

/** One attempt to deliver an event: the endpoint's HTTP status, or null with the error when it could not be reached. */
export interface Delivery {
  eventId: string
  type: string
  status: number | null
  error?: string
  replay: boolean
}

/** Who caused an event: an API request (its id and idempotency key) or nobody (Stripe's own billing). */
export interface EventRequest {
  id: string | null
  idempotency_key: string | null
}

/**
 * Events as Stripe sends them: a snapshot of the object (serialized when the event happens, pretty-printed like Stripe's
 * payloads), signed with the endpoint secret, POSTed one at a time in order; each delivery is awaited and recorded.
 */
export class Outbox {
  private readonly sent: SentEvent[] = []
  readonly deliveries: Delivery[] = []

  constructor(
    public webhook: WebhookTarget | undefined,
    private readonly now: () => number,
  ) {}

  events(): SentEvent[] {
    return this.sent.map((e) => ({ ...e }))
  }

  async emit(
    type: Stripe.Event.Type,
    object: object,
    previous?: Record<string, unknown>,
    request?: EventRequest,
    livemode = false,
  ): Promise<void> {
    const event: Omit<Wire<Stripe.EventBase>, 'data'> & { data: { object: object; previous_attributes?: object } } = {
      id: newId('evt', 24),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: previous ? { object, previous_attributes: previous } : { object },
      livemode,
      pending_webhooks: this.webhook ? 1 : 0,
      request: request ?? { id: null, idempotency_key: null },
      type,
    }
    const sent = { id: event.id, type, payload: JSON.stringify(event, null, 2) }
    this.sent.push(sent)
    if (this.webhook) await this.deliver(this.webhook, sent, false).catch(() => undefined)
  }

  /** The same bytes again with a fresh signature (a replayed delivery). */
  async resend(eventId: string): Promise<Response> {
    const sent = this.sent.find((e) => e.id === eventId)
    if (!sent) throw new Error(`Stripe double: no event ${eventId}`)
    if (!this.webhook) throw new Error('Stripe double: no webhook endpoint is set')
    return this.deliver(this.webhook, sent, true)
  }

  private async deliver(webhook: WebhookTarget, sent: SentEvent, replay: boolean): Promise<Response> {
    // Signed with the real time: the receiver checks the timestamp against its own clock (5 minutes' tolerance).
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: sent.payload, secret: webhook.secret })
    const req = new Request(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: sent.payload,
    })
    try {
      const res = await (webhook.deliver ? webhook.deliver(req) : fetch(req))
      const body = await res.text()
      this.deliveries.push({ eventId: sent.id, type: sent.type, status: res.status, replay })
      const nullBody = [101, 204, 205, 304].includes(res.status)
      return new Response(nullBody ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers })
    } catch (err) {
      this.deliveries.push({ eventId: sent.id, type: sent.type, status: null, error: String(err), replay })
      throw err
    }
  }
}
