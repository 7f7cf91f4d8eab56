export declare const SURFACES: readonly string[];
export declare const NOT_SERVER_CODE: readonly string[];
