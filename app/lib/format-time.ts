/** A clock time such as "03:06 PM UTC" (the server does not know the viewer's zone, so it says UTC). */
export const formatReadyTime = (iso: string) =>
  `${new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`
