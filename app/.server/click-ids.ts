import type { ApiClient } from './api'
import { log } from './log'
import type { Preferences } from './session'

/**
 * Sends the gclid / fbclid kept in preferences to the api once per distinct pair; returns the
 * preferences with `clidSent` updated when it did. A failure is only logged: it must not stop a page.
 */
export async function sendClickIdsOnce(prefs: Preferences, api: ApiClient): Promise<Preferences> {
  const key = `${prefs.gclid ?? ''}|${prefs.fbclid ?? ''}`
  if (!(prefs.gclid || prefs.fbclid) || prefs.clidSent === key) return prefs
  try {
    await api.auth.updateClid({ gclid: prefs.gclid, fbclid: prefs.fbclid })
    return { ...prefs, clidSent: key }
  } catch (error) {
    log.warn('update-clid failed', { error: String(error) })
    return prefs
  }
}
