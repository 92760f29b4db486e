import type { MetaDescriptor } from '@remix-run/node'

/** Title, description, canonical link and Open Graph tags of a sections library screen. */
export function libraryMeta({
  title,
  description,
  canonical,
}: {
  title: string
  description: string
  canonical?: string
}): MetaDescriptor[] {
  return [
    { title },
    { name: 'description', content: description },
    ...(canonical
      ? [
          { tagName: 'link', rel: 'canonical', href: canonical },
          { property: 'og:url', content: canonical },
        ]
      : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ]
}
