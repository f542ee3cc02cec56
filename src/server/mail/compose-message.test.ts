import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientConfigSchema, type ClientConfig } from '../../common/client-config.js';
import {
  decideRelayRequest,
  relayMessages,
  safeReplyTo,
  type RelayRequest,
} from './compose-message.js';

const seedClient = (code: string): ClientConfig =>
  clientConfigSchema.parse(
    JSON.parse(
      readFileSync(join(import.meta.dirname, `../../../seed/clients/${code}.json`), 'utf8'),
    ),
  );
const clients = [seedClient('JS'), seedClient('SE')];
const options = {
  findClientByUserId: (userId: string) => clients.find((c) => c.emailService.userId === userId),
  mailFrom: 'Highstreet <no-reply@highstreet.localhost>',
};
const js = clients[0]!;
const request = (params: unknown, template = 'contact'): RelayRequest => ({
  user_id: js.emailService.userId,
  service_id: js.emailService.serviceId,
  template_id: template,
  template_params: params,
});
const contact = { name: 'Ann', email: 'ann@example.com', telephone: '0770', message: 'Hello' };

describe('decideRelayRequest', () => {
  it('addresses the message to the client only, with the visitor as Reply-To', () => {
    const decision = decideRelayRequest(request({ ...contact, to: 'x@example.com' }), {
      ...options,
      idempotencyKey: 'key-12345678',
    });
    expect(decision.kind).toBe('accepted');
    if (decision.kind !== 'accepted') return;
    expect(decision.message).toMatchObject({
      clientCode: 'JS',
      templateId: 'contact',
      to: js.email,
      from: '"Jet Set Travel Club" <no-reply@highstreet.localhost>',
      replyTo: 'ann@example.com',
      subject: '[Jet Set Travel Club] New enquiry from Ann',
      idempotencyKey: 'key-12345678',
    });
    expect(decision.message.text).toContain('Message: Hello');
  });

  it('accepts numbers as text, as EmailJS does', () => {
    const decision = decideRelayRequest(request({ ...contact, telephone: 7700900123 }), options);
    expect(decision.kind === 'accepted' && decision.message.text).toContain('Phone: 7700900123');
  });

  it('refuses missing and unknown ids in the service order', () => {
    const reason = (body: RelayRequest) => {
      const decision = decideRelayRequest(body, options);
      return decision.kind === 'refused' ? decision.reason : decision.kind;
    };
    expect(reason({})).toBe(relayMessages.userIdRequired);
    expect(reason({ ...request(contact), service_id: 3 })).toBe(relayMessages.serviceIdRequired);
    expect(reason({ ...request(contact), template_id: '' })).toBe(relayMessages.templateIdRequired);
    expect(reason(request('x'))).toBe(relayMessages.paramsNotObject);
    expect(reason({ ...request(contact), user_id: 'nobody' })).toBe(relayMessages.userIdInvalid);
    // Another client's service id does not open this client.
    expect(reason({ ...request(contact), service_id: 'other' })).toBe(
      relayMessages.serviceIdInvalid,
    );
    expect(reason(request(contact, 'nope'))).toBe(relayMessages.templateIdInvalid);
    expect(reason(request({}))).toBe(
      'Please enter Name; Please enter Email; Please enter Phone number',
    );
  });

  it('drops a filled honeypot without looking further', () => {
    expect(decideRelayRequest(request({ website: 'http://spam' }), options).kind).toBe('honeypot');
    expect(decideRelayRequest(request({ ...contact, website: ' ' }), options).kind).toBe(
      'accepted',
    );
  });
});

describe('safeReplyTo', () => {
  it('takes one well-formed address and nothing else', () => {
    expect(safeReplyTo(' ann@example.com ')).toBe('ann@example.com');
    expect(safeReplyTo('ann@example.com\r\nBcc: x@example.com')).toBeUndefined();
    expect(safeReplyTo('ann@example.com, bob@example.com')).toBeUndefined();
    expect(safeReplyTo('"Ann" <ann@example.com>')).toBeUndefined();
    expect(safeReplyTo('')).toBeUndefined();
  });
});
