/**
 * `load` run once and its promise shared by every caller, for modules loaded on first use: callers
 * at the same moment share one load, and a load that failed is forgotten so the next call tries again
 * (a failure kept would refuse every later page until a restart).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}
