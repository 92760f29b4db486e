export declare const SERVER_BUNDLE: string
export declare function serverArgs(mode: 'all' | 'api' | 'web' | 'worker'): string[]
