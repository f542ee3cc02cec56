import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe API endpoints Highstreet uses (issue 36; this machine
 * reaches no Stripe server): POST /v1/checkout/sessions and GET /v1/checkout/sessions/:id. Its
 * answers are the trimmed objects of fixtures.json (from Stripe's published OpenAPI fixtures,
 * stripe/openapi openapi/fixtures3.json) with the request's values filled in. Events are made
 * here and signed with the SDK's own generateTestHeaderString.
 */
type Json = Record<string, unknown>;
const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8'),
) as Record<'checkout.session' | 'charge' | 'event' | 'refund', Json>;

export interface StandInSession extends Json {
  id: string;
  amount_total: number;
  payment_status: string;
  payment_intent: string;
  metadata: Record<string, string>;
  /** What the SDK sent, form-encoded keys as Stripe reads them. */
  sent: Record<string, string>;
}

// Booking deposits (issue 36): a refund as POST /v1/refunds answers it.
export interface StandInRefund extends Json {
  id: string;
  amount: number;
  payment_intent: string;
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  /** Booking deposits (issue 36): every refund made through POST /v1/refunds, in order. */
  refunds: StandInRefund[];
  /** Marks a session paid (as Stripe's hosted page would) and answers its completed event. */
  pay(sessionId: string): Stripe.Event;
  /** A refund of `amountPence` so far on the session's charge, as Stripe's event carries it. */
  refund(sessionId: string, refundedPence: number): Stripe.Event;
  /** Body and Stripe-Signature header for an event, signed with `secret`. */
  sign(event: Stripe.Event, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
}

let made = 0;
const nextId = (prefix: string) => `${prefix}_test_standin${Date.now().toString(36)}${++made}`;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  // Booking deposits (issue 36): the refunds made, and each by its Idempotency-Key.
  const refunds: StandInRefund[] = [];
  const refundsByKey = new Map<string, StandInRefund>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_')) {
        return answer(401, { error: { type: 'invalid_request_error', message: 'No API key' } });
      }
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const sent = Object.fromEntries(new URLSearchParams(body));
        const id = nextId('cs');
        const metadata: Record<string, string> = {};
        for (const [key, value] of Object.entries(sent)) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const unit = Number(sent['line_items[0][price_data][unit_amount]'] ?? 0);
        const quantity = Number(sent['line_items[0][quantity]'] ?? 1);
        const session: StandInSession = {
          ...fixtures['checkout.session'],
          id,
          amount_subtotal: unit * quantity,
          amount_total: unit * quantity,
          currency: sent['line_items[0][price_data][currency]'] ?? 'gbp',
          client_reference_id: sent['client_reference_id'] ?? null,
          customer_email: sent['customer_email'] ?? null,
          success_url: sent['success_url'],
          cancel_url: sent['cancel_url'],
          metadata,
          payment_intent: nextId('pi'),
          payment_status: 'unpaid',
          status: 'open',
          url: `${standInUrl()}/pay/${id}`,
          sent,
        };
        sessions.set(id, session);
        const { sent: _sent, ...visible } = session;
        return answer(200, visible);
      }
      const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && found?.[1]) {
        const session = sessions.get(found[1]);
        if (!session) return answer(404, { error: { type: 'invalid_request_error' } });
        const { sent: _sent, ...visible } = session;
        return answer(200, visible);
      }
      // ── Booking deposits (issue 36, decision 0079): POST /v1/refunds, a whole or part refund
      // of a session's payment (found by its payment_intent). The answer is Stripe's refund
      // object (fixtures.json "refund"); a second call with the same Idempotency-Key answers the
      // first refund again, as Stripe does. ──
      if (request.method === 'POST' && path === '/v1/refunds') {
        const sent = Object.fromEntries(new URLSearchParams(body));
        const key = String(request.headers['idempotency-key'] ?? '');
        const earlier = key ? refundsByKey.get(key) : undefined;
        if (earlier) return answer(200, earlier);
        const session = [...sessions.values()].find(
          (s) => s.payment_intent === sent['payment_intent'],
        );
        if (!session || session.payment_status !== 'paid') {
          return answer(400, {
            error: { type: 'invalid_request_error', message: 'No paid charge to refund' },
          });
        }
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(sent)) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const refund: StandInRefund = {
          ...fixtures.refund,
          id: nextId('re'),
          amount: Number(sent['amount'] ?? session.amount_total),
          currency: 'gbp',
          payment_intent: session.payment_intent,
          metadata,
          status: 'succeeded',
          created: Math.floor(Date.now() / 1000),
        };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
        return answer(200, refund);
      }
      // ── end booking deposits ──
      answer(404, { error: { type: 'invalid_request_error', message: `No ${path} here` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standInUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: Json): Stripe.Event =>
    ({
      ...fixtures.event,
      id: nextId('evt'),
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    }) as unknown as Stripe.Event;
  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`No session ${id}`);
    return session;
  };
  const stripe = new Stripe('sk_test_signing_only');
  return {
    url: standInUrl(),
    sessions,
    refunds,
    pay(sessionId) {
      const session = sessionOf(sessionId);
      session.payment_status = 'paid';
      session.status = 'complete';
      const { sent: _sent, ...visible } = session;
      return event('checkout.session.completed', visible);
    },
    refund(sessionId, refundedPence) {
      const session = sessionOf(sessionId);
      return event('charge.refunded', {
        ...fixtures.charge,
        id: nextId('ch'),
        amount: session.amount_total,
        amount_captured: session.amount_total,
        amount_refunded: refundedPence,
        refunded: refundedPence >= session.amount_total,
        currency: 'gbp',
        payment_intent: session.payment_intent,
        metadata: session.metadata,
      });
    },
    sign(stripeEvent, secret) {
      const payload = JSON.stringify(stripeEvent);
      return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
