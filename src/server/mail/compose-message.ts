import * as z from 'zod/mini';
import { clientSender } from './client-sender.js';
import type { ClientConfig } from '../../common/client-config.js';
import {
  checkoutFormSchema,
  contactFormSchema,
  honeypotFieldName,
  travelEnquirySchema,
} from '../../common/forms.js';
import { multiLineChecks, multiLineText, singleLineText } from '../../common/text-rules.js';
import { cartTableToText, sanitiseCartTable, type SanitisedHtml } from './cart-table.js';
import { emailTemplates, templateKinds, type TemplateKind } from './email-templates.js';
import type { OutgoingMessage } from './outbox-store.js';
import { renderHtmlTemplate, renderSubject, renderTextTemplate } from './render-template.js';

/**
 * The relay's decision for one EmailJS-shaped request, as plain data: refuse with the service's
 * 400 text, silently drop a bot (honeypot), or a rendered message for the outbox. Recipients come
 * from the client record only, so the relay can never be used to mail anyone else.
 */
export type RelayDecision =
  | { kind: 'refused'; reason: string }
  | { kind: 'honeypot'; client: ClientConfig }
  | {
      kind: 'accepted';
      client: ClientConfig;
      message: OutgoingMessage;
      /** Who sent it and by which form, for their customer record (decision 0066). */
      enquiry: { form: TemplateKind; name: string; email: string; telephone: string };
    };

export interface RelayRequest {
  user_id?: unknown;
  service_id?: unknown;
  template_id?: unknown;
  template_params?: unknown;
}

/** As many as the multipart form takes fields (relay-routes.ts). */
const mostTemplateParams = 60;

export const relayMessages = {
  userIdRequired: 'The user ID is required',
  serviceIdRequired: 'The service ID is required',
  templateIdRequired: 'The template ID is required',
  paramsNotObject: 'The template params have to be the object',
  paramsNotFlat: 'Each template param has to be text, a number or true/false',
  tooManyParams: `There can be at most ${mostTemplateParams} template params`,
  userIdInvalid: 'The user ID is invalid',
  serviceIdInvalid: 'The service ID is invalid',
  templateIdInvalid: 'The template ID is invalid',
  orderAtCheckout:
    'Orders are placed at checkout (POST /api/orders/create), which prices them from the catalogue; the order template is not accepted here',
} as const;

// The shared form schemas are zod/mini (docs/decisions/0014-page-speed.md), so these extend them in kind.
const cartFields = {
  cart: z._default(
    z.string().check(z.maxLength(50_000, 'The cart is too large'), ...multiLineChecks()),
    '',
  ),
  cartPrice: z._default(singleLineText(50, 'The cart price is too long'), ''),
};
const optionalText = (max: number) => z._default(multiLineText(max), '');

const paramSchemas = {
  contact: contactFormSchema,
  order: z.extend(checkoutFormSchema, cartFields),
  travel: z.extend(travelEnquirySchema, {
    ...cartFields,
    address: optionalText(1000),
    message: optionalText(5000),
  }),
} as const;

const nonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** What a template param may be; null stands for a missing value, as in EmailJS. */
function isTemplateValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  return typeof value === 'number' && Number.isFinite(value);
}

/** Strings stay, numbers and booleans become strings, null is left out. */
function toTextParams(params: Record<string, unknown>): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') text[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') text[key] = String(value);
  }
  return text;
}

export function templateKindFor(
  client: ClientConfig,
  templateId: string,
): TemplateKind | undefined {
  return templateKinds.find((kind) => client.emailService.templates[kind] === templateId);
}

/** The visitor's address, only when it is a well-formed single address. */
export function safeReplyTo(email: string): string | undefined {
  const candidate = email.trim();
  return z.email().safeParse(candidate).success ? candidate : undefined;
}

export interface ComposeOptions {
  findClientByUserId: (userId: string) => ClientConfig | undefined;
  mailFrom: string;
  idempotencyKey?: string | undefined;
}

export function decideRelayRequest(request: RelayRequest, options: ComposeOptions): RelayDecision {
  const { user_id: userId, service_id: serviceId, template_id: templateId } = request;
  const params = request.template_params;
  if (!nonEmptyString(userId)) return { kind: 'refused', reason: relayMessages.userIdRequired };
  if (!nonEmptyString(serviceId))
    return { kind: 'refused', reason: relayMessages.serviceIdRequired };
  if (!nonEmptyString(templateId)) {
    return { kind: 'refused', reason: relayMessages.templateIdRequired };
  }
  if (
    params !== undefined &&
    (typeof params !== 'object' || params === null || Array.isArray(params))
  ) {
    return { kind: 'refused', reason: relayMessages.paramsNotObject };
  }
  // Flat, as EmailJS templates read them: a nested value (a 1,000-deep array) is refused, not walked.
  const paramValues = Object.values((params ?? {}) as Record<string, unknown>);
  if (paramValues.length > mostTemplateParams) {
    return { kind: 'refused', reason: relayMessages.tooManyParams };
  }
  if (!paramValues.every(isTemplateValue))
    return { kind: 'refused', reason: relayMessages.paramsNotFlat };
  const client = options.findClientByUserId(userId);
  if (!client) return { kind: 'refused', reason: relayMessages.userIdInvalid };
  if (client.emailService.serviceId !== serviceId) {
    return { kind: 'refused', reason: relayMessages.serviceIdInvalid };
  }
  const kind = templateKindFor(client, templateId);
  if (!kind) return { kind: 'refused', reason: relayMessages.templateIdInvalid };
  // An order's figures come from the server, never from a sender's cart table and total
  // (docs/decisions/0019-orders-are-priced-by-the-server.md).
  if (kind === 'order') return { kind: 'refused', reason: relayMessages.orderAtCheckout };

  const textParams = toTextParams((params ?? {}) as Record<string, unknown>);
  if (nonEmptyString(textParams[honeypotFieldName])) return { kind: 'honeypot', client };

  const parsed = paramSchemas[kind].safeParse(textParams);
  if (!parsed.success) {
    const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return { kind: 'refused', reason: reasons.join('; ') };
  }
  const fields: Record<string, string> = { ...parsed.data };
  const sanitisedHtml: Record<string, SanitisedHtml> = {};
  if (emailTemplates[kind].sanitisedHtmlFields.includes('cart')) {
    const cart = sanitiseCartTable(fields.cart ?? '');
    sanitisedHtml.cart = cart;
    fields.cartText = cartTableToText(cart);
  }
  delete fields.cart;
  const values = { ...fields, clientTitle: client.title };
  const template = emailTemplates[kind];
  return {
    kind: 'accepted',
    client,
    message: {
      clientCode: client.name,
      templateId: kind,
      from: clientSender(client.title, options.mailFrom),
      to: client.email,
      replyTo: safeReplyTo(fields.email ?? ''),
      subject: renderSubject(template.subject, values),
      html: renderHtmlTemplate(template.html, { text: values, sanitisedHtml }),
      text: renderTextTemplate(template.text, values),
      idempotencyKey: options.idempotencyKey,
    },
    enquiry: {
      form: kind,
      name: fields.name ?? '',
      email: fields.email ?? '',
      telephone: fields.telephone ?? '',
    },
  };
}
