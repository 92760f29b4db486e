/** What made a page version. Every change to a page is a new version; nothing is overwritten. */
export const PAGE_VERSION_KINDS = [
  'generated',
  'regenerate',
  'rewrite',
  'owner_edit',
  'restore',
  'reviews',
  'published',
  'variant',
] as const
export type PageVersionKind = (typeof PAGE_VERSION_KINDS)[number]

export const PAGE_VERSION_LABELS: Record<PageVersionKind, string> = {
  generated: 'Generated',
  regenerate: 'Regenerated',
  rewrite: 'Section rewritten',
  owner_edit: 'Your edit',
  restore: 'Restored',
  reviews: 'Reviews edited',
  published: 'Published to Shopify',
  variant: 'Variant to test',
}

/** Versions a page keeps in its history list (older ones stay stored, the list shows the newest). */
export const VERSION_LIST_MAX = 50
