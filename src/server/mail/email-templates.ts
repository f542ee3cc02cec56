/**
 * The relay's message templates, as data: one per kind a client's emailService.templates names.
 * {{x}} is escaped, {{{x}}} is raw only for the fields listed in sanitisedHtmlFields (the cart
 * table, after sanitiseCartTable). clientTitle is filled by the relay, never by the visitor.
 */
export type TemplateKind = 'order' | 'contact' | 'travel';
export const templateKinds: readonly TemplateKind[] = ['order', 'contact', 'travel'];

export interface EmailTemplate {
  subject: string;
  html: string;
  text: string;
  sanitisedHtmlFields: readonly string[];
}

const wrap = (heading: string, rows: Array<[string, string]>, after = '') =>
  [
    '<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1f24;line-height:1.5">',
    `<h1 style="font-size:20px">${heading}</h1>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(
      ([label, field]) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${label}</th><td style="border-bottom:1px solid #ddd;white-space:pre-wrap">{{${field}}}</td></tr>`,
    ),
    '</table>',
    after,
    '</body></html>',
  ].join('\n');

const textLines = (heading: string, rows: Array<[string, string]>, after = '') =>
  [heading, '', ...rows.map(([label, field]) => `${label}: {{${field}}}`), after].join('\n');

const contactRows: Array<[string, string]> = [
  ['Name', 'name'],
  ['Email', 'email'],
  ['Phone', 'telephone'],
  ['Message', 'message'],
];

const orderRows: Array<[string, string]> = [
  ['Name', 'name'],
  ['Email', 'email'],
  ['Phone', 'telephone'],
  ['Address', 'address'],
  ['Message', 'message'],
  ['Total', 'cartPrice'],
];

const travelRows: Array<[string, string]> = [
  ['Name', 'name'],
  ['Phone', 'telephone'],
  ['Email', 'email'],
  ['Destination', 'destination'],
  ['Length of stay', 'stayDuration'],
  ['Adults', 'noOfAdults'],
  ['Children', 'children'],
  ["Children's ages", 'childrenAges'],
  ['Board', 'board'],
  ['Room type', 'roomType'],
  ['Bed configuration', 'bedConfig'],
  ['Area', 'area'],
  ['Hotels', 'hotels'],
  ['Budget', 'budget'],
  ['Anything else', 'other'],
  ['Message', 'message'],
];

export const emailTemplates: Readonly<Record<TemplateKind, EmailTemplate>> = {
  contact: {
    subject: '[{{clientTitle}}] New enquiry from {{name}}',
    html: wrap('New enquiry for {{clientTitle}}', contactRows),
    text: textLines('New enquiry for {{clientTitle}}', contactRows),
    sanitisedHtmlFields: [],
  },
  order: {
    subject: '[{{clientTitle}}] New order from {{name}}',
    html: wrap(
      'New order for {{clientTitle}}',
      orderRows,
      '<h2 style="font-size:16px">Items</h2>\n{{{cart}}}',
    ),
    text: textLines('New order for {{clientTitle}}', orderRows, '\nItems:\n{{cartText}}'),
    sanitisedHtmlFields: ['cart'],
  },
  travel: {
    subject: '[{{clientTitle}}] Travel enquiry from {{name}}',
    html: wrap('New travel enquiry for {{clientTitle}}', travelRows),
    text: textLines('New travel enquiry for {{clientTitle}}', travelRows),
    sanitisedHtmlFields: [],
  },
};
