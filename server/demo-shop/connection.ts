import { GraphQLError } from 'graphql'

export interface PageArgs {
  first?: number | null
  last?: number | null
  after?: string | null
  before?: string | null
  reverse?: boolean | null
}

const encode = (id: number) => Buffer.from(JSON.stringify({ last_id: id, last_value: String(id) })).toString('base64')

function decode(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { last_id?: unknown }
    if (typeof parsed.last_id === 'number') return parsed.last_id
  } catch {
    // falls through
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } })
}

/**
 * A Relay connection as Shopify answers it (edges with opaque cursors, nodes, pageInfo). Outside
 * a bulk query Shopify insists on `first` or `last`.
 */
export function connection<T extends { id: number }>(all: T[], args: PageArgs, bulk: boolean) {
  if (!bulk && args.first == null && args.last == null) throw new GraphQLError('you must provide one of first or last')
  let items = args.reverse ? [...all].reverse() : all
  if (args.after) {
    const i = items.findIndex((x) => x.id === decode(args.after!))
    items = i < 0 ? [] : items.slice(i + 1)
  }
  if (args.before) {
    const i = items.findIndex((x) => x.id === decode(args.before!))
    items = i < 0 ? [] : items.slice(0, i)
  }
  const before = items
  if (args.first != null) items = items.slice(0, Math.max(args.first, 0))
  if (args.last != null) items = items.slice(Math.max(items.length - Math.max(args.last, 0), 0))
  const start = before.indexOf(items[0])
  const hasNextPage = items.length ? start + items.length < before.length || (!!args.before && args.last == null) : false
  const hasPreviousPage = items.length ? start > 0 || !!args.after : false
  return {
    edges: items.map((node) => ({ node, cursor: encode(node.id) })),
    nodes: items,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: items.length ? encode(items[0].id) : null,
      endCursor: items.length ? encode(items[items.length - 1].id) : null,
    },
  }
}
