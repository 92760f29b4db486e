import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { reloadAfterChunkError } from './lib/chunk-reload'
import { documentRoot } from './lib/document-root'

// A lazily loaded part of the app failed (usually a deploy replaced it): reload once.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault()
  reloadAfterChunkError()
})

startTransition(() => {
  hydrateRoot(
    documentRoot(),
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
