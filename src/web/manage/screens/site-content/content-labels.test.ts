import { describe, expect, it } from 'vitest';
import { labelOfPath } from './content-labels';

const content = {
  home: [{ type: 'welcome' }, { type: 'slider', altTexts: ['a'] }, { type: 'imageRow' }],
  pages: { '/faqs': { heading: 'FAQs', blocks: [{ type: 'faqs', items: [] }] } },
};

describe('the words for a field of the content', () => {
  it('names a field of the record by its label, inside its group', () => {
    expect(labelOfPath('email', content)).toBe('E-mail address');
    expect(labelOfPath('welcome.heading', content)).toBe('Welcome (home page) › Welcome heading');
    expect(labelOfPath('menuItems.1.route', content)).toBe(
      'Menu entries › menu entry 2 › Goes to (like /about)',
    );
    expect(labelOfPath('welcome.paragraphs.2', content)).toBe(
      'Welcome (home page) › Welcome text › entry 3',
    );
  });

  it('names a block by its place and kind, and the fields inside it', () => {
    expect(labelOfPath('home.1.altTexts.0', content)).toBe(
      'Home page › block 2 (Slider) › Slides › slide 1',
    );
    expect(labelOfPath('home.2.pictures.0.alt', content)).toBe(
      'Home page › block 3 (Row of pictures) › Pictures › picture 1 › description',
    );
    expect(labelOfPath('pages./faqs.blocks.0.items.0.answer', content)).toBe(
      'Page /faqs › block 1 (Questions and answers) › Questions › question 1 › Answer',
    );
    expect(labelOfPath('pages./faqs.heading', content)).toBe('Page /faqs › Page heading');
    expect(labelOfPath('picturesForSlide.0', content)).toBe('Slides › slide 1');
  });

  it('shows a step it does not know as it is', () => {
    expect(labelOfPath('home.9.heading', content)).toBe('Home page › block 10 › heading');
    expect(labelOfPath('', content)).toBe('The content');
  });
});
