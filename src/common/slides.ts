/**
 * Where a slide picture is (pure, no zod: the home page's first bundle draws slides). A slide of
 * the record's `picturesForSlide` is either a name in the client's slide folder, as the seed
 * records have it (`1` is `{workingFolder}/1.{pictureExtension}`), or a file of the media folder
 * as the back office's picture chooser places it (`library/m-….jpeg`, `gallery/2.jpeg`).
 */

interface SlideFolder {
  workingFolder: string;
  pictureExtension: string;
}

/** A file of the media folder: a path with an extension (`gallery/2.jpeg`). */
const mediaFile = /^[\w-]+(?:\/[\w-]+)*\.[a-z0-9]+$/;

/** True when the slide names a file of the media folder rather than a name in the slide folder. */
export const isSlideFile = (slide: string): boolean => mediaFile.test(slide);

/** The slide's file in the media folder (`slides/1.jpeg`, `library/m-….jpeg`). */
export function slideFileOf(folder: SlideFolder, slide: string): string {
  if (slide === '') return '';
  return isSlideFile(slide) ? slide : `${folder.workingFolder}/${slide}.${folder.pictureExtension}`;
}

/** The slide's address: `{pictureLocation}/{file}`. */
export function slideSrc(client: SlideFolder & { pictureLocation: string }, slide: string): string {
  return `${client.pictureLocation}/${slideFileOf(client, slide)}`;
}
