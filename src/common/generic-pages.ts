import type { PageContent } from './content';
import type { ContentPath } from './routes';

/**
 * What a content route shows for a client whose record has no page for it: the template's own
 * wording, the same for every business (docs/decisions/0007-a-client-is-data.md). A route with
 * no generic page here is under construction until the client's record gives it one.
 */
export const genericPages: Partial<Record<ContentPath, PageContent>> = {
  '/qualifications': {
    heading: 'Qualifications',
    underConstruction: false,
    blocks: [
      {
        type: 'text',
        paragraphs: [
          'Our team hold the recognised qualifications for their work, keep their training up to date every year, and are fully insured.',
          'Certificates are available on request; just ask when you get in touch.',
        ],
      },
    ],
  },
  '/terms': {
    heading: 'Terms',
    underConstruction: false,
    blocks: [
      {
        type: 'text',
        paragraphs: [
          'These terms apply when you use this site, send us an enquiry or place an order or booking. Prices and availability are confirmed when we reply to you.',
          'We take care to keep the information on this site accurate and up to date, but if you spot a mistake please tell us. Nothing in these terms affects your statutory rights.',
          'We handle your personal details in line with UK data protection law and use them only to deal with your enquiry, order or booking.',
        ],
      },
    ],
  },
  '/cookies': {
    heading: 'Cookies',
    underConstruction: false,
    blocks: [
      {
        type: 'text',
        paragraphs: [
          'This site uses as few cookies as possible. We do not use advertising or tracking cookies, and we do not share your browsing with anyone.',
          'Your browser keeps your basket or booking choices on your own device so they survive a page reload. You can clear them at any time from your browser settings.',
          'If you send us a message or an order, we use the details you give only to reply to you.',
        ],
      },
    ],
  },
  '/faqs': {
    heading: 'Frequently asked questions',
    underConstruction: false,
    blocks: [
      {
        type: 'faqs',
        items: [
          {
            question: 'How do I get in touch?',
            answer:
              'Use the contact details at the bottom of every page. We reply to e-mails within one working day.',
          },
          {
            question: 'Do you use cookies?',
            answer: 'Only the ones the site needs to work. See our cookies page for details.',
          },
        ],
      },
    ],
  },
  '/galleries': {
    heading: 'Gallery',
    underConstruction: false,
    blocks: [
      {
        type: 'pictureGrid',
        pictures: [1, 2, 3, 4, 5, 6].map((n) => ({
          file: `gallery/${n}.jpeg`,
          alt: `Picture ${n} from our gallery`,
        })),
      },
    ],
  },
  '/team': { heading: 'Meet the team', underConstruction: true, blocks: [] },
};
