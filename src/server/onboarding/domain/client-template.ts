import type { ClientConfigInput } from '../../../common/client-config.js';

/**
 * A new client's record from a template (issue 38, `npm run client -- add`): what differs
 * between a shop, a salon and a brochure site is the menu, the cart and the diary; the rest is
 * the business's name, host names and contact address, and texts the owner replaces in the back
 * office (Site content). Pure.
 */

export const clientKinds = ['shop', 'salon', 'brochure'] as const;
export type ClientKind = (typeof clientKinds)[number];

export interface NewClientFacts {
  code: string;
  name: string;
  kind: ClientKind;
  hostNames: string[];
  /** The business's public e-mail address. */
  email: string;
}

export interface ClientTemplate {
  record: ClientConfigInput;
  /** The salon's first treatments (seed/treatments.json's shape), for its booking page. */
  treatments?: {
    categories: { ID: number; Name: string }[];
    treatments: {
      ID: number;
      Name: string;
      Description: string;
      Price: number;
      Duration: number;
      CategoryId: number;
      Active: boolean;
    }[];
  };
}

const everyDay = (open: string, close: string) => ({
  sun: null,
  mon: { open, close },
  tue: { open, close },
  wed: { open, close },
  thu: { open, close },
  fri: { open, close },
  sat: { open, close: '16:00' },
});

const welcomeLine: Record<ClientKind, string> = {
  shop: 'Have a look round the shop, and send us your order: we will be in touch to arrange payment and delivery.',
  salon: 'Choose a treatment and a time that suits you, and book online in a minute.',
  brochure: 'Find out what we do, and get in touch: we are happy to help.',
};

export function clientTemplate(facts: NewClientFacts): ClientTemplate {
  const { code, name, kind } = facts;
  const menuItems = [
    { route: '/', display: 'Home' },
    ...(kind === 'shop' ? [{ route: '/products', display: 'Shop' }] : []),
    ...(kind === 'salon' ? [{ route: '/booking', display: 'Book' }] : []),
    { route: '/about', display: 'About' },
    { route: '/contact', display: 'Contact' },
  ];
  const record: ClientConfigInput = {
    name: code,
    title: name,
    description: `${name}: ${welcomeLine[kind]}`,
    hostNames: facts.hostNames,
    email: facts.email,
    address: '',
    contactHeader: 'Get in touch',
    contactBlurb: 'Send us a message and we will reply as soon as we can.',
    menuType: 'bar',
    headerType: 'Min',
    menuItems,
    footerType: 'Min',
    showContactFormOnFooter: false,
    usesCart: kind === 'shop',
    pictureLocation: `/media/${code}`,
    workingFolder: 'slides',
    pictureExtension: 'jpg',
    picturesForSlide: [],
    welcome: { heading: `Welcome to ${name}`, paragraphs: [welcomeLine[kind]] },
    about: {
      heading: `About ${name}`,
      paragraphs: ['Tell your visitors who you are: edit this page under Site content.'],
    },
    home: [
      { type: 'welcome' },
      {
        type: 'notice',
        heading: 'A new site',
        text: 'This site has just opened: more is coming soon.',
      },
    ],
    successTitle: kind === 'salon' ? 'You are booked in' : 'Thank you',
    successText:
      kind === 'salon'
        ? 'A confirmation is on its way to your inbox.'
        : 'We have your message and will reply soon.',
    failureTitle: 'Sorry, that did not go through',
    failureText: `Please try again, or e-mail us at ${facts.email}.`,
    reviewTitle: '',
    reviewBlurb: '',
    emailService: {
      baseUrl: '',
      userId: `hs_pub_${code}`,
      serviceId: 'highstreet',
      templates: { order: 'order', contact: 'contact', travel: 'travel' },
    },
    ...(kind === 'salon'
      ? { booking: { openingHours: everyDay('09:00', '17:30'), slotStepMinutes: 15 } }
      : {}),
  };
  if (kind !== 'salon') return { record };
  return {
    record,
    treatments: {
      categories: [{ ID: 1, Name: 'Treatments' }],
      treatments: [
        {
          ID: 1,
          Name: 'Consultation',
          Description: 'A first chat about what you would like. Edit this under Treatments.',
          Price: 0,
          Duration: 15,
          CategoryId: 1,
          Active: true,
        },
        {
          ID: 2,
          Name: 'Treatment',
          Description: 'Your first treatment: rename it and set its price under Treatments.',
          Price: 30,
          Duration: 45,
          CategoryId: 1,
          Active: true,
        },
      ],
    },
  };
}
