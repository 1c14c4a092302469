export declare const SOLO_TESTS: string[];
export declare const soloExcludes: (workspace: string) => string[];
export declare const parallelRunExcludes: (workspace: string) => string[];
export declare const PARALLEL_ENV: Record<string, string>;
export declare const parallelArgs: () => string[];
export declare const soloArgs: () => string[];
export declare const ISOLATED_TESTS: string[];
export declare const inParallelRun: () => boolean;
