export declare function isServerProcess(pid: number): boolean
