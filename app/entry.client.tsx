import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { reloadAfterChunkError } from './lib/chunk-reload'

// A lazily loaded part of the app failed (usually a deploy replaced it): reload once.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault()
  reloadAfterChunkError()
})

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
