/** Types for web-aliases.mjs (plain JavaScript so both Vite configs load it as it is). */
export declare const webAliases: Array<{ find: RegExp; replacement: string }>;
