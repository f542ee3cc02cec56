import type { ClientConfig } from '@common/client-config';
import type { ContentPicture } from '@common/content';
import { pictureSetBeside, type PictureSet } from '@common/picture-set';

/** The address of a file in the client's media folder, e.g. `gallery/1.jpeg`. */
export function mediaUrl(client: Pick<ClientConfig, 'pictureLocation'>, file: string): string {
  return `${client.pictureLocation}/${file}`;
}

/**
 * The set stored beside a content picture: a library upload carries its own stored size, a drawn
 * picture is at the size its block draws (`drawn`).
 */
export function contentPictureSet(
  client: Pick<ClientConfig, 'pictureLocation'>,
  picture: Pick<ContentPicture, 'file' | 'width' | 'height'>,
  drawn: { width: number; height: number },
): PictureSet {
  const { width, height } =
    picture.width && picture.height ? { width: picture.width, height: picture.height } : drawn;
  return pictureSetBeside(mediaUrl(client, picture.file), width, height);
}
