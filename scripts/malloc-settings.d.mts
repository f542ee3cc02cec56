/** glibc malloc settings for the production server process (malloc-settings.mjs). */
export declare const mallocSettings: Readonly<Record<string, string>>;
