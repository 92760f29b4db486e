import type { SharedPage } from '~/.server/api'
import { shopperWords } from '../../server/domain/page/shopper-words'
import { PageView } from './sections'

/** What shoppers see at a share link: the page, then a small credit line in the page's language. No script needed. */
export function SharedPageView({ shared, variant }: { shared: SharedPage; variant: 'v1' | 'v2' }) {
  return (
    <div className={`shopper shopper--${variant}`}>
      <PageView page={shared.page} mode="share" />
      <footer className="shopper-footer">
        <span>
          {shopperWords(shared.page.language).madeWith} <a href="/">Pagewright</a>
        </span>
      </footer>
    </div>
  )
}
