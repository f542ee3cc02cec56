/**
 * Page texts that are not part of the client record: the spec names these screens but the
 * record only carries welcome, about, contact and outcome texts. Keyed by client code; a client
 * without an entry gets the generic text, so a new client is still a working site.
 */

import type { ByClient, CaptionedPicture } from './home-content';

// The home page's texts live in home-content.ts (first-load bundle); screens may import them here.
export {
  bbgShopPhotoAlts,
  bbgVapesNotice,
  contentFor,
  phecServicesBlurb,
  retailerAwards,
  retailerTagline,
  slideAltTexts,
  type CaptionedPicture,
} from './home-content';

export interface Faq {
  question: string;
  answer: string;
}

export interface ServiceGroup {
  heading: string;
  intro: string;
  services: string[];
}

export interface TechStage {
  name: 'Extract' | 'Transform' | 'Visualise' | 'Empower';
  description: string;
}

export const phecServices: ServiceGroup[] = [
  {
    heading: 'Domestic cleaning',
    intro: 'For homeowners and landlords, with before-and-after photos of every job.',
    services: [
      'Driveway and patio pressure cleaning with re-sanding',
      'Render and K-Rend soft washing',
      'Gutter clearing and flushing, inside and out',
      'Fascia, soffit and UPVC cleaning',
      'Decking cleaning and treatment',
      'Conservatory roof cleaning',
    ],
  },
  {
    heading: 'Commercial cleaning',
    intro: 'Scheduled or one-off work for shops, schools, offices and housing associations.',
    services: [
      'Shop fronts and signage',
      'Car parks and forecourts',
      'Chewing gum and graffiti removal',
      'Cladding and curtain-wall cleaning',
      'Planned maintenance contracts with quarterly visits',
    ],
  },
  {
    heading: 'Roof cleaning',
    intro:
      'Low-pressure soft washing that removes moss and lichen without damaging tiles or slates.',
    services: [
      'Moss removal by hand and soft brush',
      'Biocide treatment to slow regrowth',
      'Slate, concrete tile and clay tile roofs',
      'Roof coating and sealing after cleaning',
      'Ridge and valley checks with photos of anything that needs a roofer',
    ],
  },
];

export const phecPreviousJobs: CaptionedPicture[] = [
  {
    alt: 'A moss-covered roof in Dunfermline after soft washing',
    caption: 'Roof soft wash, Dunfermline',
  },
  {
    alt: 'A monoblock driveway in Kirkcaldy after cleaning and re-sanding',
    caption: 'Driveway clean and re-sand, Kirkcaldy',
  },
  {
    alt: 'White render in Livingston free of green streaks',
    caption: 'Render soft wash, Livingston',
  },
  {
    alt: 'A primary school playground in Rosyth after pressure cleaning',
    caption: 'School playground, Rosyth',
  },
  {
    alt: 'Gutters and fascias on a bungalow in Inverkeithing',
    caption: 'Gutters and fascias, Inverkeithing',
  },
  {
    alt: 'A shop front on Dunfermline High Street',
    caption: 'Shop front, Dunfermline High Street',
  },
];

export const galleryAlts: ByClient<string[]> & { default: string[] } = {
  default: Array.from({ length: 6 }, (_, i) => `Picture ${i + 1} from our gallery`),
  RRB: [
    'Almond-shaped gel nails in a soft pink ombre',
    'Bold red gel polish with a gold accent nail',
    'A brow lamination before and after',
    'A classic lash lift and tint',
    'Nail art with hand-painted flowers for a wedding',
    'The calm treatment room at Ruby Rose Beauty',
  ],
};

export const nailsContent = {
  heading: 'Nails & Waxing',
  paragraphs: [
    'Our nail bar offers gel polish, BIAB builder gel, acrylic and hard gel extensions, and hand-painted nail art. Every manicure includes cuticle care, shaping and a hand massage; allow 45 minutes for gel polish and about 90 minutes for a full set of extensions.',
    'We use warm, low-temperature hot wax for face and intimate areas, and strip wax for legs, arms and backs. Waxing is quick and gentle, and we always do a short consultation first if it is your first visit with us.',
    'Please come with clean, polish-free nails if you can. If you are removing a set from another salon, book a removal alongside your new treatment.',
  ],
  videoTitle: 'Watch a BIAB manicure at the salon',
  videoDescription:
    'A two-minute film of Ruby applying a BIAB builder-gel overlay, from prep and shaping to the final top coat.',
};

export const documentationContent = {
  heading: 'Instructions and manuals',
  intro:
    'Download the manuals for your Spa Escapes hot tub. If anything is unclear, call us: we would much rather talk you through it than have you guess.',
  manuals: [
    {
      title: 'Keypad manual',
      description: 'Setting the temperature, filter cycles, jets, lights and the child lock.',
      file: 'keypad-manual.pdf',
    },
    {
      title: 'Control-panel manual',
      description:
        'Error codes, heater settings, economy mode and winter care for the control box.',
      file: 'control-panel-manual.pdf',
    },
  ],
};

export const amsClientContent = {
  heading: 'Working with our clients',
  paragraphs: [
    'Every engagement starts with a free discovery session. We meet the people who own the decision, the people who produce the data and the people who will use the result, and we write down in plain English what question we are answering.',
    'We work in short, fixed-price stages of two to four weeks. At the end of each stage you have something working that you can use, and you decide whether to carry on. There are no long retainers and no lock-in.',
    'Our clients include a Glasgow housing association, two NHS boards, a whisky distillery, a chain of garden centres and several charities. Most of them came to us through a recommendation.',
  ],
};

export const amsHubContent = {
  heading: 'Data hub and skills hub',
  sections: [
    {
      heading: 'The data hub',
      paragraphs: [
        'We build a single, tidy home for your data: finance, sales, HR and operations brought together in a model that everyone can trust. Refreshes run automatically, checks flag anything odd, and definitions such as "active customer" are written down once.',
      ],
    },
    {
      heading: 'The skills hub',
      paragraphs: [
        'Tools are only useful if your people can use them. Our skills hub offers short, practical courses in Excel, Power BI, SQL and data storytelling, run at your office or online, with follow-up clinics so new skills stick.',
      ],
    },
  ],
};

export const amsApproachContent = {
  heading: 'Our approach',
  paragraphs: [
    'Listen, then build the simplest thing that works. We start from the decision you need to make, agree how we will know it has worked, and only then choose tools.',
    'We hand over everything we build, with documentation and training, so your team owns it. If you never need to call us again, we have done our job.',
  ],
};

export const techStages: TechStage[] = [
  {
    name: 'Extract',
    description:
      'We connect to your sources, from spreadsheets and finance systems to CRMs and web forms, and pull the data on a schedule without anyone copying and pasting.',
  },
  {
    name: 'Transform',
    description:
      'We clean, join and check the data, apply your business rules once and in one place, and keep a history so numbers can always be traced back.',
  },
  {
    name: 'Visualise',
    description:
      'We design dashboards and reports around the questions people actually ask, readable on a phone and clear enough for a board paper.',
  },
  {
    name: 'Empower',
    description:
      'We train your team to use, change and extend what we built, so insight becomes part of everyday work rather than a one-off project.',
  },
];

export const joinUsContent = {
  heading: 'Join Us',
  paragraphs: [
    'Love travel and love helping people? Jet Set Travel Club is a growing community of independent travel agents, many of them parents fitting work around school runs.',
    "You'll get full training, access to trade prices with leading tour operators and cruise lines, and the support of a friendly team who share tips every day. There's no experience needed, just enthusiasm and a few hours a week.",
  ],
  callToAction: 'To find out more or to join, e-mail me at',
};

export const customerServiceHeading = 'Customer service';

export const faqs: ByClient<Faq[]> & { default: Faq[] } = {
  default: [
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
  SE: [
    {
      question: 'Do you deliver and install?',
      answer:
        'Yes. Our own engineers deliver, position, fill and commission every hot tub across central Scotland. If access is tight we arrange a crane.',
    },
    {
      question: 'What base does a hot tub need?',
      answer:
        'A level, solid base such as a concrete slab, paving or a reinforced deck. We will check your plans for free before delivery.',
    },
    {
      question: 'Can I try before I buy?',
      answer:
        'Yes, book a wet test in our Newbridge showroom. Bring a towel; we supply the coffee.',
    },
    {
      question: 'How much does a hot tub cost to run?',
      answer:
        'A well-insulated tub typically costs between £1 and £2 a day in electricity, depending on use and the weather.',
    },
  ],
  RRB: [
    {
      question: 'Do I need a patch test?',
      answer:
        'Yes, for lash and brow tints, at least 48 hours before your first appointment. Patch tests are free.',
    },
    {
      question: 'What is your cancellation policy?',
      answer:
        'Please give us 24 hours notice so we can offer the slot to someone else. Late cancellations may be charged at half the treatment price.',
    },
    {
      question: 'Do you sell gift vouchers?',
      answer: 'Yes, for any amount or treatment, in the salon or by phone.',
    },
  ],
  BBG: [
    {
      question: 'Can I collect my order in store?',
      answer:
        'Yes. We will call or text when it is ready, usually the same day. Collection is free.',
    },
    {
      question: 'Do you deliver?',
      answer:
        'We deliver across Glasgow on Tuesdays and Fridays. Orders over £40 are delivered free.',
    },
    {
      question: 'Can you order in a product you do not stock?',
      answer:
        'Usually, yes. Send us a message with the brand and product and we will check with our suppliers.',
    },
  ],
  PHEC: [
    {
      question: 'Are quotes really free?',
      answer: 'Yes. We visit, measure and give you a fixed written price with no obligation.',
    },
    {
      question: 'Will pressure washing damage my roof?',
      answer:
        'We do not pressure wash roofs. We use low-pressure soft washing and hand tools, which are safe for slates and tiles.',
    },
    {
      question: 'Do I need to be home?',
      answer: 'No, as long as we can reach an outside tap and the areas being cleaned.',
    },
    {
      question: 'Are you insured?',
      answer: 'Yes, with £5 million public liability insurance. We are happy to send a copy.',
    },
  ],
  PI: [
    {
      question: 'Who can join Pathways?',
      answer:
        'Young people aged 16 to 24 living in Edinburgh or the Lothians who are not currently in work, education or training.',
    },
    {
      question: 'Does it cost anything?',
      answer: 'No. The programme is free, and we cover your travel and lunch on programme days.',
    },
    {
      question: 'Will it affect my benefits?',
      answer:
        'Taking part does not usually affect benefits, and our coordinators will help you speak to your work coach first.',
    },
    {
      question: 'What happens after the twelve weeks?',
      answer:
        'Your mentor stays in touch for six months to help with job applications, college or training.',
    },
  ],
  AMS: [
    {
      question: 'Which tools do you work with?',
      answer:
        'Power BI, Excel, SQL Server, PostgreSQL, Python and most cloud warehouses. We recommend what suits your team and budget.',
    },
    {
      question: 'How long does a project take?',
      answer: 'Most first stages take two to four weeks, at a fixed price agreed in advance.',
    },
    {
      question: 'Is our data safe with you?',
      answer:
        'We work inside your systems wherever possible, sign a data processing agreement, and never keep copies after a project ends.',
    },
  ],
  JS: [
    {
      question: 'Is my holiday protected?',
      answer:
        'Yes. Package holidays are booked through ABTA and ATOL protected operators, and I will always show you the protection before you pay.',
    },
    {
      question: 'Does it cost more to book through you?',
      answer:
        'No. My prices are the same as booking direct, and often better thanks to club deals.',
    },
    {
      question: 'How quickly will you reply?',
      answer:
        'Usually within a day or two. Please allow up to 7 days for a response during busy periods.',
    },
  ],
};

export const cookiesContent = {
  heading: 'Cookies',
  paragraphs: [
    'This site uses as few cookies as possible. We do not use advertising or tracking cookies, and we do not share your browsing with anyone.',
    'Your browser keeps your basket or booking choices on your own device so they survive a page reload. You can clear them at any time from your browser settings.',
    'If you send us a message or an order, we use the details you give only to reply to you.',
  ],
};

export const termsContent = {
  heading: 'Terms',
  paragraphs: [
    'These terms apply when you use this site, send us an enquiry or place an order or booking. Prices and availability are confirmed when we reply to you.',
    'We take care to keep the information on this site accurate and up to date, but if you spot a mistake please tell us. Nothing in these terms affects your statutory rights.',
    'We handle your personal details in line with UK data protection law and use them only to deal with your enquiry, order or booking.',
  ],
};

export const qualificationsContent = {
  heading: 'Qualifications',
  paragraphs: [
    'Our team hold the recognised qualifications for their work, keep their training up to date every year, and are fully insured.',
    'Certificates are available on request; just ask when you get in touch.',
  ],
};

export const loginContent = {
  heading: 'Sign in',
  text: 'Sign-in for business owners is coming soon.',
};
