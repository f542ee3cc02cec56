import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
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
) as Record<
  'checkout.session' | 'charge' | 'event' | 'webhook_endpoint' | 'refund' | 'balance',
  Json
>;

export interface StandInSession extends Json {
  id: string;
  amount_total: number;
  payment_status: string;
  payment_intent: string;
  metadata: Record<string, string>;
  /** What the SDK sent, form-encoded keys as Stripe reads them. */
  sent: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  /** Marks a session paid (as Stripe's hosted page would) and answers its completed event. */
  pay(sessionId: string): Stripe.Event;
  /** A refund of `amountPence` so far on the session's charge, as Stripe's event carries it. */
  refund(sessionId: string, refundedPence: number): Stripe.Event;
  /** Body and Stripe-Signature header for an event, signed with `secret`. */
  sign(event: Stripe.Event, secret: string): { payload: string; signature: string };
  // ---- Issue 36, the owner's refunds ----
  /** Each refund made through POST /v1/refunds, with what the SDK sent. */
  refunds: StandInRefund[];
  /** Events the stand-in has emitted by itself (charge.refunded after each refund), oldest first. */
  emitted: Stripe.Event[];
  /** Also POSTs each emitted event, signed, to a server's webhook (as Stripe would). */
  forwardEventsTo(webhookUrl: string, secret: string): void;
  close(): Promise<void>;
}

/** A refund as the stand-in made it: Stripe's refund object, and the request's headers. */
export interface StandInRefund extends Json {
  id: string;
  amount: number;
  payment_intent: string;
  metadata: Record<string, string>;
  idempotencyKey: string | undefined;
}

let made = 0;
const nextId = (prefix: string) => `${prefix}_test_standin${Date.now().toString(36)}${++made}`;

export async function startStripeStandIn(
  // Issue 36: how long after the hosted page's Pay the webhook goes (Stripe's may come late).
  { webhookDelayMs = 0 }: { webhookDelayMs?: number } = {},
): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  // Issue 36, the visitor's side: webhook endpoints per account, and which account made a session.
  const endpointsOfAccount = new Map<string, Array<Json & { url: string; secret: string }>>();
  const accountOfSession = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      // Issue 36, the visitor's side: Stripe's hosted page (no API key; the browser opens it).
      if (hostedPage(request.method ?? 'GET', request.url ?? '', response)) return;
      const apiKey = String(request.headers.authorization ?? '').slice('Bearer '.length);
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
        accountOfSession.set(id, apiKey); // Which account's webhook endpoints hear of it.
        const { sent: _sent, ...visible } = session;
        return answer(200, visible);
      }
      if (request.method === 'POST' && path === '/v1/webhook_endpoints') {
        const endpoint = addWebhookEndpoint(apiKey, new URLSearchParams(body));
        return answer(200, endpoint);
      }
      const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && found?.[1]) {
        const session = sessions.get(found[1]);
        if (!session) return answer(404, { error: { type: 'invalid_request_error' } });
        const { sent: _sent, ...visible } = session;
        return answer(200, visible);
      }
      // ---- Issue 36, the owner's refunds: POST /v1/refunds and GET /v1/balance ----
      if (request.method === 'POST' && path === '/v1/refunds') {
        const key = request.headers['idempotency-key'];
        const idempotencyKey = typeof key === 'string' ? key : undefined;
        const kept = idempotencyKey ? answered.get(idempotencyKey) : undefined;
        if (kept) return answer(kept.status, kept.json);
        const result = makeRefund(Object.fromEntries(new URLSearchParams(body)), idempotencyKey);
        if (idempotencyKey) answered.set(idempotencyKey, result);
        return answer(result.status, result.json);
      }
      if (request.method === 'GET' && path === '/v1/balance') {
        return answer(200, fixtures.balance);
      }
      answer(404, { error: { type: 'invalid_request_error', message: `No ${path} here` } });
    });
  });
  // ---- Issue 36, the owner's refunds: the charge behind each paid session, refunded in parts ----
  const refunds: StandInRefund[] = [];
  const emitted: Stripe.Event[] = [];
  const answered = new Map<string, { status: number; json: unknown }>();
  const chargeIds = new Map<string, string>();
  let forwardTo: { url: string; secret: string } | undefined;
  const chargeOf = (session: StandInSession) => {
    const refunded = refunds
      .filter((r) => r.payment_intent === session.payment_intent)
      .reduce((sum, r) => sum + r.amount, 0);
    let id = chargeIds.get(session.payment_intent);
    if (!id) chargeIds.set(session.payment_intent, (id = nextId('ch')));
    return {
      ...fixtures.charge,
      id,
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: refunded,
      refunded: refunded >= session.amount_total,
      currency: 'gbp',
      payment_intent: session.payment_intent,
      metadata: session.metadata,
    };
  };
  const refused = (code: string, message: string) => ({
    status: 400,
    json: { error: { type: 'invalid_request_error', code, message, param: 'amount' } },
  });
  /** Stripe's rules for a refund of a payment intent: paid, and no more than is left. */
  const makeRefund = (sent: Record<string, string>, idempotencyKey: string | undefined) => {
    const intent = sent['payment_intent'] ?? '';
    const session = [...sessions.values()].find((s) => s.payment_intent === intent);
    if (!session || session.payment_status !== 'paid') {
      return {
        status: 404,
        json: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${intent}'`,
            param: 'payment_intent',
          },
        },
      };
    }
    const before = chargeOf(session);
    const left = before.amount_captured - before.amount_refunded;
    const amount = sent['amount'] === undefined ? left : Number(sent['amount']);
    if (left <= 0)
      return refused('charge_already_refunded', `Charge ${before.id} has already been refunded.`);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return refused(
        'amount_too_large',
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
      );
    }
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(sent)) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const refund: StandInRefund = {
      ...fixtures.refund,
      id: nextId('re'),
      amount,
      charge: before.id,
      created: Math.floor(Date.now() / 1000),
      currency: 'gbp',
      metadata,
      payment_intent: intent,
      reason: sent['reason'] ?? null,
      idempotencyKey,
    };
    refunds.push(refund);
    const after = chargeOf(session);
    const refundedEvent = event('charge.refunded', after);
    emitted.push(refundedEvent);
    if (forwardTo) {
      const { url, secret } = forwardTo;
      const { payload, signature } = sign(refundedEvent, secret);
      // As Stripe does: after the answer, on its own; a failure here is the test's to notice.
      setTimeout(() => {
        void fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }).catch(() => undefined);
      }, 50);
    }
    const { idempotencyKey: _key, ...visible } = refund;
    const expandCharge = Object.entries(sent).some(
      ([name, value]) => /^expand\[\d*\]$/.test(name) && value === 'charge',
    );
    return { status: 200, json: expandCharge ? { ...visible, charge: after } : visible };
  };
  const sign = (stripeEvent: Stripe.Event, secret: string) => {
    const payload = JSON.stringify(stripeEvent);
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };

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

  // ---- Issue 36, the visitor's side of paying for an order (decision 0077) ------------------
  // Stripe's webhook endpoints (POST /v1/webhook_endpoints, per account: per API key) and its
  // hosted payment page: GET /pay/:id shows "Pay" and "Cancel"; paying marks the session paid,
  // sends the browser to success_url and then, a moment later as Stripe may, delivers the signed
  // checkout.session.completed to the account's endpoints. Cancel is a link to cancel_url.
  function addWebhookEndpoint(apiKey: string, form: URLSearchParams): Json {
    const endpoint = {
      ...fixtures.webhook_endpoint,
      id: nextId('we'),
      created: Math.floor(Date.now() / 1000),
      url: form.get('url') ?? '',
      enabled_events: [...form.entries()]
        .filter(([key]) => key.startsWith('enabled_events['))
        .map(([, value]) => value),
      secret: `whsec_${randomBytes(24).toString('hex')}`,
    };
    endpointsOfAccount.set(apiKey, [...(endpointsOfAccount.get(apiKey) ?? []), endpoint]);
    return endpoint;
  }

  async function deliver(sessionId: string, stripeEvent: Stripe.Event): Promise<void> {
    for (const endpoint of endpointsOfAccount.get(accountOfSession.get(sessionId) ?? '') ?? []) {
      const payload = JSON.stringify(stripeEvent);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: endpoint.secret,
      });
      await fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).catch((error: unknown) => console.warn(`Stand-in webhook to ${endpoint.url}`, error));
    }
  }

  function hostedPage(method: string, url: string, response: ServerResponse): boolean {
    const found = /^\/pay\/([A-Za-z0-9_]+)(\?.*)?$/.exec(url);
    if (!found?.[1]) return false;
    const session = sessions.get(found[1]);
    if (!session || session.status !== 'open') {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Expired</title><h1>This payment page has expired</h1>');
      return true;
    }
    if (method === 'POST') {
      const completed = standIn.pay(session.id);
      response.writeHead(303, { location: String(session['success_url']) });
      response.end();
      setTimeout(() => void deliver(session.id, completed), webhookDelayMs);
      return true;
    }
    const amount = (session.amount_total / 100).toFixed(2);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>Pay (Stripe stand-in)</title></head>
<body><main><h1>Pay £${amount}</h1><p>${escapeText(String(session['client_reference_id'] ?? ''))}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>
<p><a href="${escapeText(String(session['cancel_url']))}">Cancel and go back</a></p></main></body></html>`);
    return true;
  }
  // ---- end of the visitor's side --------------------------------------------------------------

  const standIn: StripeStandIn = {
    url: standInUrl(),
    sessions,
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
    sign,
    refunds,
    emitted,
    forwardEventsTo(webhookUrl, secret) {
      forwardTo = { url: webhookUrl, secret };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

/** Issue 36, the hosted page: the few values it shows, escaped. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
