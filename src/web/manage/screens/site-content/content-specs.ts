import type { HomeBlock, PageBlock } from '@common/content';
import { defaultLogoFile } from '@common/logo';
import type { FieldSpec } from './content-fields';

/**
 * What the site-content editor shows: the record's texts and contact details, and for each block
 * type of src/common/content.ts its name, its fields and what a new one starts as. The rules are
 * the shared schemas'; these only say how to edit.
 */

const link = (label: string, optional: boolean, key = 'link'): FieldSpec => ({
  kind: 'group',
  key,
  label,
  fields: [
    { kind: 'text', key: 'text', label: 'Button text' },
    { kind: 'text', key: 'to', label: 'Goes to (a path in this site, like /about)' },
  ],
  ...(optional ? { optional: { text: 'Find out more', to: '/about' } } : {}),
});

const pictureFields: FieldSpec[] = [
  // The chooser asks for the alt text as the picture is placed, and shows it after.
  { kind: 'picture', key: 'file', label: 'Picture' },
  { kind: 'text', key: 'caption', label: 'Caption', optional: true },
];
const newPicture = { file: '', alt: '' };

const socialLink = (key: string, label: string): FieldSpec => ({
  kind: 'group',
  key,
  label,
  optional: { link: 'https://', display: '' },
  fields: [
    { kind: 'text', key: 'link', label: 'Address of the page' },
    { kind: 'text', key: 'display', label: 'Name shown' },
  ],
});

/** A content page's own fields, above its blocks. */
export const pageFields: FieldSpec[] = [
  { kind: 'text', key: 'heading', label: 'Page heading' },
  { kind: 'flag', key: 'underConstruction', label: 'Show “under construction” instead' },
];

export const recordSections: { heading: string; fields: FieldSpec[] }[] = [
  {
    heading: 'The business',
    fields: [
      { kind: 'text', key: 'title', label: 'Site title' },
      {
        kind: 'text',
        key: 'description',
        label: 'Description for search engines and link previews',
        multiline: true,
      },
      // Shown in the header and footer, and drawn into the site's icons.
      { kind: 'pictureFile', key: 'logo', label: 'Logo', fallback: defaultLogoFile },
      { kind: 'text', key: 'headerTagline', label: 'Line beside the logo', optional: true },
      {
        kind: 'text',
        key: 'footerTagline',
        label: 'Sentence in the footer',
        optional: true,
        multiline: true,
      },
    ],
  },
  {
    heading: 'Welcome and about',
    fields: [
      {
        kind: 'group',
        key: 'welcome',
        label: 'Welcome (home page)',
        fields: [
          { kind: 'text', key: 'heading', label: 'Welcome heading' },
          { kind: 'texts', key: 'paragraphs', label: 'Welcome text', split: 'paragraphs' },
        ],
      },
      {
        kind: 'group',
        key: 'about',
        label: 'About page',
        fields: [
          { kind: 'text', key: 'heading', label: 'About heading' },
          { kind: 'texts', key: 'paragraphs', label: 'About text', split: 'paragraphs' },
        ],
      },
    ],
  },
  {
    heading: 'Contact details',
    fields: [
      { kind: 'text', key: 'telephoneNo', label: 'Telephone', optional: true, type: 'tel' },
      { kind: 'text', key: 'email', label: 'E-mail address', type: 'email' },
      { kind: 'text', key: 'address', label: 'Address (as people read it)' },
      {
        kind: 'group',
        key: 'postalAddress',
        label: 'Address for search engines',
        optional: { streetAddress: '', addressLocality: '', postalCode: '', addressCountry: 'GB' },
        fields: [
          { kind: 'text', key: 'streetAddress', label: 'Street' },
          { kind: 'text', key: 'addressLocality', label: 'Town or city' },
          { kind: 'text', key: 'addressRegion', label: 'Region', optional: true },
          { kind: 'text', key: 'postalCode', label: 'Postcode' },
          { kind: 'text', key: 'addressCountry', label: 'Country code (like GB)' },
        ],
      },
      { kind: 'text', key: 'whatsappLink', label: 'WhatsApp link', optional: true },
      { kind: 'text', key: 'vatNumber', label: 'VAT number', optional: true },
      { kind: 'text', key: 'contactHeader', label: 'Contact page heading' },
      { kind: 'text', key: 'contactBlurb', label: 'Contact page text', multiline: true },
      {
        kind: 'group',
        key: 'socialMedia',
        label: 'Social media',
        fields: [
          socialLink('facebook', 'Facebook'),
          socialLink('instagram', 'Instagram'),
          socialLink('tiktok', 'TikTok'),
          socialLink('twitter', 'X (Twitter)'),
          socialLink('youtube', 'YouTube'),
          socialLink('linkedin', 'LinkedIn'),
        ],
      },
    ],
  },
  {
    heading: 'Menu, slides and news',
    fields: [
      {
        kind: 'list',
        key: 'menuItems',
        label: 'Menu entries',
        itemLabel: 'Menu entry',
        newItem: { route: '/', display: '' },
        fields: [
          { kind: 'text', key: 'display', label: 'Text' },
          { kind: 'text', key: 'route', label: 'Goes to (like /about)' },
        ],
      },
      {
        kind: 'number',
        key: 'slideTimer',
        label: 'Milliseconds each slide shows',
        optional: true,
        hint: 'Between 1000 and 60000.',
      },
      { kind: 'texts', key: 'tickerItems', label: 'News ticker items', split: 'lines' },
    ],
  },
  {
    heading: 'Messages after a form is sent',
    fields: [
      { kind: 'text', key: 'successTitle', label: 'Sent: heading' },
      { kind: 'text', key: 'successText', label: 'Sent: text', multiline: true },
      { kind: 'text', key: 'failureTitle', label: 'Not sent: heading' },
      { kind: 'text', key: 'failureText', label: 'Not sent: text', multiline: true },
      { kind: 'text', key: 'reviewTitle', label: 'Reviews page heading' },
      { kind: 'text', key: 'reviewBlurb', label: 'Reviews page text', multiline: true },
    ],
  },
];

export interface BlockKind<Block> {
  label: string;
  fields: FieldSpec[];
  create: () => Block;
}

export const homeBlockKinds: {
  [T in HomeBlock['type']]: BlockKind<Extract<HomeBlock, { type: T }>>;
} = {
  welcome: {
    label: 'Welcome',
    fields: [link('Button under the welcome', true, 'callToAction')],
    create: () => ({ type: 'welcome' }),
  },
  slider: {
    label: 'Slider',
    // The record's slide pictures with their descriptions (altTexts), each set with the chooser.
    fields: [{ kind: 'slides', key: 'altTexts', label: 'Slides' }],
    create: () => ({ type: 'slider', altTexts: [] }),
  },
  callout: {
    label: 'Callout',
    fields: [
      { kind: 'text', key: 'heading', label: 'Heading' },
      { kind: 'text', key: 'text', label: 'Text', multiline: true },
      link('Button', false),
    ],
    create: () => ({
      type: 'callout',
      heading: '',
      text: '',
      link: { text: 'Find out more', to: '/about' },
    }),
  },
  ticker: { label: 'News ticker', fields: [], create: () => ({ type: 'ticker' }) },
  imageRow: {
    label: 'Row of pictures',
    fields: [
      { kind: 'text', key: 'heading', label: 'Heading', optional: true },
      { kind: 'choice', key: 'style', label: 'Style', options: ['photos', 'badges'] },
      {
        kind: 'list',
        key: 'pictures',
        label: 'Pictures',
        itemLabel: 'Picture',
        fields: pictureFields,
        newItem: newPicture,
      },
    ],
    create: () => ({ type: 'imageRow', style: 'photos', pictures: [newPicture] }),
  },
  notice: {
    label: 'Notice',
    fields: [
      { kind: 'text', key: 'heading', label: 'Heading' },
      { kind: 'text', key: 'text', label: 'Text', multiline: true },
    ],
    create: () => ({ type: 'notice', heading: '', text: '' }),
  },
  featuredProduct: {
    label: 'Featured product',
    fields: [{ kind: 'number', key: 'productId', label: 'Product number' }],
    create: () => ({ type: 'featuredProduct', productId: 1 }),
  },
  banner: {
    label: 'Picture with text (banner)',
    fields: [
      { kind: 'text', key: 'heading', label: 'Heading' },
      { kind: 'texts', key: 'paragraphs', label: 'Text', split: 'paragraphs' },
      { kind: 'group', key: 'picture', label: 'Picture', fields: pictureFields },
      link('Button', true),
    ],
    create: () => ({ type: 'banner', heading: '', paragraphs: [''], picture: newPicture }),
  },
};

export const pageBlockKinds: {
  [T in PageBlock['type']]: BlockKind<Extract<PageBlock, { type: T }>>;
} = {
  text: {
    label: 'Text',
    fields: [{ kind: 'texts', key: 'paragraphs', label: 'Text', split: 'paragraphs' }],
    create: () => ({ type: 'text', paragraphs: [''] }),
  },
  faqs: {
    label: 'Questions and answers',
    fields: [
      {
        kind: 'list',
        key: 'items',
        label: 'Questions',
        itemLabel: 'Question',
        newItem: { question: '', answer: '' },
        fields: [
          { kind: 'text', key: 'question', label: 'Question' },
          { kind: 'text', key: 'answer', label: 'Answer', multiline: true },
        ],
      },
    ],
    create: () => ({ type: 'faqs', items: [{ question: '', answer: '' }] }),
  },
  serviceGroups: {
    label: 'Service lists',
    fields: [
      {
        kind: 'list',
        key: 'groups',
        label: 'Groups of services',
        itemLabel: 'Group',
        newItem: { heading: '', intro: '', services: [''] },
        fields: [
          { kind: 'text', key: 'heading', label: 'Heading' },
          { kind: 'text', key: 'intro', label: 'Introduction', multiline: true },
          { kind: 'texts', key: 'services', label: 'Services', split: 'lines' },
        ],
      },
    ],
    create: () => ({ type: 'serviceGroups', groups: [{ heading: '', intro: '', services: [''] }] }),
  },
  cards: {
    label: 'Cards',
    fields: [
      {
        kind: 'list',
        key: 'cards',
        label: 'Cards',
        itemLabel: 'Card',
        newItem: { heading: '', paragraphs: [''] },
        fields: [
          { kind: 'text', key: 'heading', label: 'Heading' },
          { kind: 'texts', key: 'paragraphs', label: 'Text', split: 'paragraphs' },
        ],
      },
    ],
    create: () => ({ type: 'cards', cards: [{ heading: '', paragraphs: [''] }] }),
  },
  pictureGrid: {
    label: 'Picture grid',
    fields: [
      {
        kind: 'list',
        key: 'pictures',
        label: 'Pictures',
        itemLabel: 'Picture',
        fields: pictureFields,
        newItem: newPicture,
      },
    ],
    create: () => ({ type: 'pictureGrid', pictures: [newPicture] }),
  },
  video: {
    label: 'Video',
    fields: [
      { kind: 'text', key: 'title', label: 'Title' },
      { kind: 'text', key: 'description', label: 'Description', multiline: true },
      { kind: 'pictureFile', key: 'poster', label: 'Poster picture' },
      {
        kind: 'media',
        key: 'file',
        label: 'Video file',
        optional: true,
        extensions: ['mp4', 'webm'],
      },
      {
        kind: 'media',
        key: 'captions',
        label: 'Captions file',
        optional: true,
        extensions: ['vtt'],
      },
    ],
    create: () => ({ type: 'video', title: '', description: '', poster: '' }),
  },
  documents: {
    label: 'Downloads',
    fields: [
      {
        kind: 'list',
        key: 'documents',
        label: 'Documents',
        itemLabel: 'Document',
        newItem: { title: '', description: '', file: '' },
        fields: [
          { kind: 'text', key: 'title', label: 'Title' },
          { kind: 'text', key: 'description', label: 'Description' },
          { kind: 'media', key: 'file', label: 'File', extensions: ['pdf'] },
        ],
      },
    ],
    create: () => ({ type: 'documents', documents: [{ title: '', description: '', file: '' }] }),
  },
  contactDetails: {
    label: 'Contact details',
    fields: [],
    create: () => ({ type: 'contactDetails' }),
  },
  mailto: {
    label: 'E-mail link',
    fields: [
      { kind: 'text', key: 'text', label: 'Sentence before the address' },
      { kind: 'text', key: 'subject', label: 'Subject of the e-mail' },
    ],
    create: () => ({ type: 'mailto', text: '', subject: '' }),
  },
  link: {
    label: 'Link',
    fields: [
      { kind: 'text', key: 'text', label: 'Text' },
      { kind: 'text', key: 'to', label: 'Goes to (like /contact)' },
      { kind: 'choice', key: 'style', label: 'Style', options: ['plain', 'button'] },
    ],
    create: () => ({ type: 'link', text: '', to: '/contact', style: 'plain' }),
  },
  stages: {
    label: 'Stages',
    fields: [
      {
        kind: 'list',
        key: 'stages',
        label: 'Stages',
        itemLabel: 'Stage',
        newItem: { name: '', description: '' },
        fields: [
          { kind: 'text', key: 'name', label: 'Name' },
          { kind: 'text', key: 'description', label: 'Description', multiline: true },
        ],
      },
    ],
    create: () => ({ type: 'stages', stages: [{ name: '', description: '' }] }),
  },
};
