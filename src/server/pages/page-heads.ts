import type { WeeklyHours } from '../../common/booking-rules.js';
import type { Product } from '../../common/catalogue.js';
import type { ClientConfig } from '../../common/client-config.js';
import { hasPageAt, shownCategoriesOf } from '../../common/category-pages.js';
import { createImageSizeReader } from '../media/image-size.js';
import {
  buildPageHead,
  renderHeadTags,
  shareImageFile,
  shareImagePath,
  shareImageSize,
  type HeadImage,
} from './page-head.js';

export type PageHeads = (
  client: ClientConfig,
  path: string,
  product: Product | null | undefined,
  requestOrigin: string,
  weeklyHours: WeeklyHours | undefined,
) => Promise<{ title: string; tags: string }>;

/**
 * The head of a page as HTML, with the share picture's real size read from the media folder
 * (once per file). A picture that is missing gives way to the logo card, which is always drawn
 * (src/server/seo/icons.ts), so a link preview never points at a missing file.
 */
export function createPageHeads(mediaDir: string): PageHeads {
  const sizeOf = createImageSizeReader(mediaDir);
  const logoCard = (client: ClientConfig): HeadImage => ({
    path: shareImageFile,
    ...shareImageSize,
    alt: `${client.title} logo`,
  });
  return async (client, path, product, requestOrigin, weeklyHours) => {
    const picture = shareImagePath(client, product);
    const size = picture === shareImageFile ? undefined : await sizeOf(picture);
    const image: HeadImage = size
      ? { path: picture, ...size, alt: product ? product.title : client.title }
      : logoCard(client);
    const head = buildPageHead({
      client,
      path,
      known: hasPageAt(path, shownCategoriesOf(client)),
      product,
      image,
      requestOrigin,
      weeklyHours,
    });
    return { title: head.title, tags: renderHeadTags(head) };
  };
}
