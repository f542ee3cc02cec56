/**
 * The per-client texts the home page, header and footer need. Kept apart from the other screens'
 * texts (site-content.ts) so only these are in the first-load bundle (docs/decisions/page-speed.md).
 */

export interface CaptionedPicture {
  alt: string;
  caption?: string;
}

export type ByClient<T> = Partial<Record<string, T>>;

/** Read a per-client entry, falling back to the generic one. */
export function contentFor<T>(table: ByClient<T> & { default: T }, code: string): T {
  return table[code] ?? table.default;
}

export const slideAltTexts: ByClient<string[]> & { default: string[] } = {
  default: [],
  SE: [
    'An Oasis hot tub steaming on a garden deck at dusk',
    'A family relaxing in a Sunbeach spa surrounded by snow-covered trees',
    'A swim spa set into a landscaped garden with decking',
    'Inside the Newbridge showroom with eight hot tubs filled and running',
    'One of our engineers handing over a newly installed hot tub',
  ],
  PHEC: [
    'A slate roof half cleaned, showing the moss removed on one side',
    'A block-paved driveway after a hot-water pressure clean',
    'Render on a house front, streak-free after a soft wash',
  ],
  JS: [
    'A white-sand beach with turquoise sea under a clear sky',
    'Children laughing at the edge of a hotel swimming pool',
    'An old town square lit up at night on a city break',
    'A ferry arriving on a Scottish island in summer',
  ],
};

/** The retailer's home blurb heading is its welcome; this is the line above the phone number. */
export const retailerTagline =
  "Scotland's premier hot tub retailer and an Oasis Spa stockist. For advice on choosing or caring for a hot tub, call or e-mail us.";

export const bbgVapesNotice =
  'We sell vapes and e-liquids in store only. Challenge 25 applies: we will ask for photo ID from anyone who looks under 25, and we never sell nicotine products to under-18s.';

export const bbgShopPhotoAlts = [
  'The shop front on Allison Street with hair and grocery displays in the window',
  'Shelves of braiding hair and wigs in every colour and length',
  'The grocery aisle with plantain, yams, spices and palm oil',
];

export const retailerAwards: CaptionedPicture[] = [
  { alt: 'Oasis Spa Dealer of the Year 2024 award' },
  { alt: 'Scottish Retail Customer Service Excellence award' },
  { alt: 'Which? Trusted Trader badge' },
  { alt: 'Five-star rated on independent reviews, 2025' },
];

export const phecServicesBlurb = {
  heading: 'What we clean',
  text: 'Roofs, gutters, fascias, render, driveways, patios and decking, for homes, landlords and businesses. Every quote is free and fixed in writing before we start.',
  linkText: 'See all our services',
};
