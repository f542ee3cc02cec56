import { describe, expect, it } from 'vitest';
import { genericPages } from '@common/generic-pages';
import {
  getAt,
  newPageFor,
  pathKey,
  setAt,
  tidy,
  versionKeyOf,
  versionsOfKey,
} from './content-paths';

describe('content values by path', () => {
  const content = {
    welcome: { heading: 'Hi', paragraphs: ['a', 'b'] },
    home: [{ type: 'welcome' }],
  };

  it('reads a value deep in the content, and nothing where the path leads nowhere', () => {
    expect(getAt(content, ['welcome', 'paragraphs', 1])).toBe('b');
    expect(getAt(content, ['home', 3, 'type'])).toBeUndefined();
    expect(pathKey(['home', 2, 'picture', 'alt'])).toBe('home.2.picture.alt');
  });

  it('replaces a value without touching the original, making objects and lists on the way', () => {
    const next = setAt(content, ['home', 0, 'callToAction'], { text: 'Go', to: '/about' });
    expect(getAt(next, ['home', 0])).toEqual({
      type: 'welcome',
      callToAction: { text: 'Go', to: '/about' },
    });
    expect(content.home[0]).toEqual({ type: 'welcome' });
    expect(setAt({}, ['pages', '/faqs', 'heading'], 'FAQs')).toEqual({
      pages: { '/faqs': { heading: 'FAQs' } },
    });
  });

  it('removes a key set to undefined (an optional field cleared)', () => {
    expect(setAt({ telephoneNo: '0141', title: 'T' }, ['telephoneNo'], undefined)).toEqual({
      title: 'T',
    });
  });

  it('drops blank entries of lists of words, and nothing else', () => {
    expect(
      tidy({
        paragraphs: ['One', '', '  ', 'Two'],
        blocks: [{ type: 'text', paragraphs: ['x', ''] }],
        n: 0,
      }),
    ).toEqual({ paragraphs: ['One', 'Two'], blocks: [{ type: 'text', paragraphs: ['x'] }], n: 0 });
  });
});

describe('a page the owner adds', () => {
  it('starts from the standard wording where there is one, as a copy the owner can change', () => {
    const faqs = newPageFor('/faqs');
    expect(faqs).toEqual(genericPages['/faqs']);
    expect(faqs).not.toBe(genericPages['/faqs']);
    (faqs.blocks[0] as { items: unknown[] }).items.length = 0;
    expect(genericPages['/faqs']!.blocks[0]).toMatchObject({ items: [{}, {}] });
  });

  it('starts with a heading and an empty paragraph where there is none', () => {
    expect(newPageFor('/hub')).toEqual({
      heading: 'Hub',
      underConstruction: false,
      blocks: [{ type: 'text', paragraphs: [''] }],
    });
  });
});

describe('the versions of the content form', () => {
  it('keeps the published and draft versions as one key and reads them back', () => {
    expect(versionKeyOf({ baseVersion: 3, draftVersion: 5 })).toBe('3:5');
    expect(versionKeyOf({ baseVersion: 3, draftVersion: null })).toBe('3:');
    expect(versionsOfKey('3:5')).toEqual({ baseVersion: 3, draftVersion: 5 });
    expect(versionsOfKey('3:')).toEqual({ baseVersion: 3, draftVersion: null });
    expect(versionsOfKey(7)).toBeUndefined();
    expect(versionsOfKey('x:1')).toBeUndefined();
  });
});
