export declare function markBuildInUse(root: string): () => void
export declare function serversUsingBuild(root: string): number[]
