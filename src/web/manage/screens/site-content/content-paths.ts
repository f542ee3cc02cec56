/**
 * The site-content editor's values by path (pure, no React): reading and replacing a value deep
 * in the content, and tidying it before it is sent.
 */

import { genericPages } from '@common/generic-pages';
import type { PageContent } from '@common/content';
import type { ContentPath } from '@common/routes';

export type Path = (string | number)[];
export type Json = unknown;

export const pathKey = (path: Path) => path.join('.');

/** The value at a path (undefined where the path leads nowhere). */
export function getAt(value: Json, path: Path): Json {
  let here = value;
  for (const step of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, Json>)[step];
  }
  return here;
}

/** A copy of `value` with `next` at the path (undefined removes an object's key). */
export function setAt(value: Json, path: Path, next: Json): Json {
  if (path.length === 0) return next;
  const [step, ...rest] = path;
  if (typeof step === 'number') {
    const list = Array.isArray(value) ? [...(value as Json[])] : [];
    list[step] = setAt(list[step], rest, next);
    return list;
  }
  const object = { ...((value ?? {}) as Record<string, Json>) };
  const inner = setAt(object[step!], rest, next);
  if (inner === undefined) delete object[step!];
  else object[step!] = inner;
  return object;
}

/**
 * The content as it is sent: list entries left blank are dropped (a paragraph box ending in an
 * empty line), so only a real mistake is reported.
 */
export function tidy(value: Json): Json {
  if (Array.isArray(value)) {
    const items = value.map(tidy);
    return items.every((item) => typeof item === 'string')
      ? (items as string[]).filter((item) => item.trim() !== '')
      : items;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, tidy(inner)]));
  }
  return value;
}

/**
 * The page an owner starts from when adding one for a route: the standard wording where the
 * template has one (terms, cookies, FAQs …), for them to change; else a heading and one empty
 * paragraph.
 */
export function newPageFor(path: ContentPath): PageContent {
  const standard = genericPages[path];
  if (standard) return structuredClone(standard);
  const title = path.slice(1);
  return {
    heading: title.charAt(0).toUpperCase() + title.slice(1),
    underConstruction: false,
    blocks: [{ type: 'text', paragraphs: [''] }],
  };
}

/** The stored versions an edit starts from: the published one and the draft's (null: none). */
export interface ContentVersions {
  baseVersion: number;
  draftVersion: number | null;
}

/** The versions as one key, as the browser's kept draft of the form stores them (`3:5`, `3:`). */
export function versionKeyOf(versions: ContentVersions): string {
  return `${versions.baseVersion}:${versions.draftVersion ?? ''}`;
}

/** The versions back from a kept key; undefined when it is not one (the draft is then ignored). */
export function versionsOfKey(key: unknown): ContentVersions | undefined {
  if (typeof key !== 'string') return undefined;
  const match = /^(\d+):(\d*)$/.exec(key);
  if (!match) return undefined;
  return {
    baseVersion: Number(match[1]),
    draftVersion: match[2] === '' ? null : Number(match[2]),
  };
}
