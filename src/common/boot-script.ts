/**
 * The boot script's attributes (src/web/boot.ts): the app's entry modules and the modules they
 * import, space-separated, which the server moved out of the page's head (src/server/app-boot.ts)
 * so that they load after the first paint (docs/decisions/0014-page-speed.md). Only the boot script
 * and the server import this, so it stays inside the boot script's own bundle.
 */
export const bootScriptAttributes = {
  modules: 'data-app-modules',
  preloads: 'data-app-preloads',
} as const;
