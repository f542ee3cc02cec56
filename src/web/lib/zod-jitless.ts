/*
 * Zod 4 compiles object parsers with `new Function` after probing whether it may. Our CSP has no
 * 'unsafe-eval', so the probe is a CSP violation that Chrome reports as an issue (Lighthouse best
 * practices), although zod catches it. Jitless mode never probes; the forms' objects are small,
 * so compiled parsers gained nothing. zod keeps its settings (`z.config()`) in this global so that
 * every copy of it shares them; setting it here keeps zod itself out of the first-load bundle, and
 * works whether zod (or zod/mini) loads before or after this module.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
