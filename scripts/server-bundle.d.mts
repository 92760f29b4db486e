export declare const SERVER_BUNDLE: string
export declare const NODE_FLAGS: string[]
export declare const MALLOC_ENV: Record<'MALLOC_ARENA_MAX' | 'MALLOC_MMAP_THRESHOLD_', string>
export declare function serverArgs(mode: 'all' | 'api' | 'web' | 'worker'): string[]
export declare const serverBuildOptions: (root: string) => import('esbuild').BuildOptions
