import type { ClientConfig } from '@common/client-config';
import { mediaUrl } from '@/lib/media';
import controlPanelManualUrl from './control-panel-manual.pdf?url&no-inline';
import keypadManualUrl from './keypad-manual.pdf?url&no-inline';
import nailsCaptionsUrl from './nails-captions.vtt?url&no-inline';

/**
 * Files shipped with the build, so Vite fingerprints them and their links never go stale: the
 * retailer's manuals and the salon's video captions, named by their file name in the records.
 */
const bundledFiles: Record<string, string> = {
  'keypad-manual.pdf': keypadManualUrl,
  'control-panel-manual.pdf': controlPanelManualUrl,
  'nails-captions.vtt': nailsCaptionsUrl,
};

/** A file a content block names: one shipped with the build, else one in the media folder. */
export function contentFileUrl(
  client: Pick<ClientConfig, 'pictureLocation'>,
  file: string,
): string {
  return Object.hasOwn(bundledFiles, file) ? bundledFiles[file]! : mediaUrl(client, file);
}
