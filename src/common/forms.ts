// zod/mini: the browser loads these schemas, and mini is about a third of classic zod's size.
import * as z from 'zod/mini';
import { multiLineChecks, singleLineChecks } from './text-rules.js';

/**
 * Contact, checkout and travel enquiry fields (spec sections 3 and 5). Emptiness is checked with
 * the spec's messages; lengths are capped so nothing absurd reaches an inbox; every field refuses
 * control characters and all but the free-text ones refuse line breaks (text-rules.ts).
 */
export const formMessages = {
  name: 'Please enter Name',
  email: 'Please enter Email',
  telephone: 'Please enter Phone number',
} as const;

const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `Please keep this under ${max} characters`),
      ...singleLineChecks(),
    );
/** An optional one-line field (a destination, a budget …). */
const optional = (max = 2000) =>
  z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max, `Please keep this under ${max} characters`),
        ...singleLineChecks(),
      ),
    '',
  );
/** An optional free-text field that may span lines (a message, an address). */
const optionalLines = (max = 2000) =>
  z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max, `Please keep this under ${max} characters`),
        ...multiLineChecks(),
      ),
    '',
  );

/**
 * The field people never see and bots fill in: the browser's forms send it, and the relay drops a
 * message that has it filled while answering OK, so a bot learns nothing.
 */
export const honeypotFieldName = 'website';

export const nameField = required(formMessages.name);
export const emailField = required(formMessages.email, 254);
export const telephoneField = required(formMessages.telephone, 40);

export const contactFormSchema = z.object({
  name: nameField,
  email: emailField,
  telephone: telephoneField,
  message: optionalLines(5000),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const checkoutFormSchema = z.object({
  name: nameField,
  email: emailField,
  telephone: telephoneField,
  address: optionalLines(1000),
  message: optionalLines(5000),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

export const travelEnquirySchema = z.object({
  name: nameField,
  telephone: telephoneField,
  email: emailField,
  destination: optional(200),
  stayDuration: optional(100),
  noOfAdults: optional(20),
  children: optional(20),
  childrenAges: optional(200),
  board: optional(100),
  roomType: optional(100),
  bedConfig: optional(100),
  area: optional(200),
  hotels: optional(500),
  budget: optional(100),
  other: optionalLines(5000),
});
export type TravelEnquiry = z.infer<typeof travelEnquirySchema>;
