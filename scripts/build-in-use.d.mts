export declare function buildRootOf(moduleFile: string): string | null
export declare function markBuildInUse(root: string): () => void
export declare function serversUsingBuild(root: string): number[]
