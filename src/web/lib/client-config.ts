import { clientConfigSchema, type ClientConfig } from '../../common/client-config';

export const clientConfigErrorMessage = 'Unable to read client config';

/**
 * Reads the client record the server put into the page. Anything missing or invalid logs the
 * spec's console error and returns null, so the app can show a plain page instead of crashing.
 */
export function readClientConfig(doc: Document): ClientConfig | null {
  const element = doc.getElementById('client-config');
  try {
    if (!element?.textContent) throw new Error('no client-config element');
    const parsed = clientConfigSchema.safeParse(JSON.parse(element.textContent));
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  } catch (error) {
    console.error(clientConfigErrorMessage, error);
    return null;
  }
}
