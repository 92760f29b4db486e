import type { SectionType } from '../../server/domain/page/section-types'

/**
 * The `intent` values of form buttons, shared by the buttons and the schemas that read them.
 * No zod here: screens import these into the browser bundle.
 */
export const TASK_INTENT = {
  favorite: 'favorite',
  unfavorite: 'unfavorite',
  archive: 'archive',
  unarchive: 'unarchive',
  share: 'share',
  makePrivate: 'make-private',
  makePublic: 'make-public',
  showInGallery: 'show-in-gallery',
  hideFromGallery: 'hide-from-gallery',
  regenerate: 'regenerate',
  rewrite: 'rewrite',
  publish: 'publish',
  publishTemplate: 'publish-template',
} as const

export const VERIFY_INTENT = { verify: 'verify', resend: 'resend' } as const

export const GENERATE_INTENT = { generate: 'generate', outline: 'outline' } as const

/** The outline editor's buttons: save, write the page, or change the list of sections. */
export const OUTLINE_INTENT = {
  save: 'save',
  continue: 'continue',
  up: (index: number) => `up:${index}`,
  down: (index: number) => `down:${index}`,
  remove: (index: number) => `remove:${index}`,
  add: (type: SectionType) => `add:${type}`,
} as const

/** The page editor's buttons (app/routes/_blank.product-edit.$id.tsx). */
export const EDIT_INTENT = {
  section: 'section',
  up: 'up',
  down: 'down',
  hide: 'hide',
  show: 'show',
  remove: 'remove',
  add: 'add',
  rewrite: 'rewrite',
  owner: 'owner',
  theme: 'theme',
  template: 'template',
  gallery: 'gallery',
  restore: 'restore',
  regenerate: 'regenerate',
} as const

/** The review editor's buttons (app/routes/_blank.review-bulk-edit.$id.tsx). */
export const REVIEW_INTENT = {
  hide: 'hide',
  show: 'show',
  pin: 'pin',
  unpin: 'unpin',
  save: 'save',
  import: 'import',
} as const

/** The experiment panel's buttons on the page view (app/components/experiments/ExperimentPanel.tsx). */
export const EXPERIMENT_INTENT = {
  start: 'experiment-start',
  stop: 'experiment-stop',
  promote: 'experiment-promote',
  variant: 'experiment-variant',
} as const
