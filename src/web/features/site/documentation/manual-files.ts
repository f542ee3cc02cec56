import controlPanelManualUrl from './control-panel-manual.pdf?url&no-inline';
import keypadManualUrl from './keypad-manual.pdf?url&no-inline';

/** The retailer's manuals, shipped with the build so the links always work. */
export const manualUrls: Record<string, string> = {
  'keypad-manual.pdf': keypadManualUrl,
  'control-panel-manual.pdf': controlPanelManualUrl,
};
