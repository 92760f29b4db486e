/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** True in the production browser build, which runs on preact/compat (vite.config.ts). */
  readonly PREACT_BROWSER?: boolean
}
