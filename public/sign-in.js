// The sign-in screens' only script (they ship without the app's React: app/lib/shopper-view.ts).
// Everything here is an extra: with JS off the screens work the same, the server checking it all.
;(() => {
  // A form being sent says so on its button, and cannot be sent twice. The button is disabled
  // after the browser has read the form, so its name and value are still posted.
  for (const form of document.querySelectorAll('form')) {
    form.addEventListener('submit', (event) => {
      const button = event.submitter
      if (form.dataset.sending) return event.preventDefault()
      form.dataset.sending = '1'
      setTimeout(() => {
        if (button && button.dataset.pending) {
          button.disabled = true
          button.textContent = button.dataset.pending
        }
      })
    })
  }

  // "Resend code" counts the wait down (the server refuses a resend that comes too soon anyway).
  for (const button of document.querySelectorAll('button[data-wait]')) {
    const label = button.textContent
    const until = Date.now() + Number(button.dataset.wait) * 1000
    const tick = () => {
      const left = Math.ceil((until - Date.now()) / 1000)
      button.disabled = left > 0
      button.textContent = left > 0 ? `Resend code in ${left}s` : label
      if (left > 0) setTimeout(tick, 250)
    }
    tick()
  }

  // Back to this tab after signing in elsewhere: the page now redirects, so follow it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return
    fetch(location.href, { redirect: 'manual', credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then((res) => {
        if (res.type === 'opaqueredirect') location.reload()
      })
      .catch(() => {})
  })
})()
