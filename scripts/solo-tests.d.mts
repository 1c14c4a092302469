export declare const SOLO_TESTS: string[];
export declare const soloExcludes: (workspace: string) => string[];
export declare const parallelArgs: () => string[];
export declare const soloArgs: () => string[];
