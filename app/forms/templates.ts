/** The favourite toggle's intents (/templates and /templates/{id}). */
export const FAVORITE_INTENT = { add: 'favorite', remove: 'unfavorite' } as const
