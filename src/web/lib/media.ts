import type { ClientConfig } from '@common/client-config';

/** The address of a file in the client's media folder, e.g. `gallery/1.jpeg`. */
export function mediaUrl(client: Pick<ClientConfig, 'pictureLocation'>, file: string): string {
  return `${client.pictureLocation}/${file}`;
}
