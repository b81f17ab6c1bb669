import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's HTTP API and webhooks, enough for the official `stripe` library and a
 * browser (tests, e2e: e2e/stubs/stripe-stub.ts):
 *  - `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`: Stripe Checkout sessions, whose
 *    `url` is a hosted page here (`GET /pay/:id`) with a plain "Pay" button and a Cancel link. Pay
 *    marks the session paid, delivers a signed `checkout.session.completed` to `webhookUrl` and
 *    redirects to the session's success URL; Cancel goes to its cancel URL.
 *  - `POST /v1/refunds` (payment_intent, amount): a succeeded refund; then, as Stripe does, a signed
 *    `charge.refunded` (with every refund of the charge) is delivered to `webhookUrl`.
 *  - `POST /v1/payment_intents`: kept for API clients; `pm_card_*` succeed.
 * An `Idempotency-Key` seen before answers the first answer again, as Stripe does. Events are signed
 * like Stripe's: `Stripe-Signature: t=<ts>,v1=<hex HMAC-SHA256 of "ts.payload" with the secret>`.
 */
export interface StripeStub {
  url: string;
  /** Every API request that reached the stub, in order. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null; form: URLSearchParams }>;
  intents: Map<string, Record<string, unknown>>;
  sessions: Map<string, StubSession>;
  refunds: Map<string, Record<string, unknown>>;
  /** Every webhook delivery and our server's answer. */
  deliveries: Array<{ type: string; id: string; status: number }>;
  /** Pays a session as the hosted page's button does (webhook included); answers the success URL. */
  pay(sessionId: string, options?: { deliver?: boolean }): Promise<string>;
  /** An event as Stripe would send it, with its body and signature (to deliver again, or forge). */
  event(type: string, object: Record<string, unknown>): { id: string; body: string; signature: string };
  /** Delivers an event body with a signature to the webhook address; answers the status. */
  deliver(body: string, signature: string): Promise<number>;
  sign(body: string, secret?: string, timestamp?: number): string;
  /** Where events go: a URL, or a function (tests hand them to app.inject). Settable after start. */
  webhook: string | ((body: string, signature: string) => Promise<number>) | null;
  close(): Promise<void>;
}

export interface StubSession extends Record<string, unknown> {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  success_url: string;
  cancel_url: string;
  amount_total: number;
  payment_intent: string | null;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** Stripe's form encoding (`a[b][0][c]=x`) as nested objects and arrays. */
export function parseStripeForm(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeStub(
  options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string; port?: number } = {},
): Promise<StripeStub> {
  const secretKey = options.secretKey ?? 'sk_test_x';
  const webhookSecret = options.webhookSecret ?? 'whsec_test_stub';
  const requests: StripeStub['requests'] = [];
  const intents: StripeStub['intents'] = new Map();
  const sessions: StripeStub['sessions'] = new Map();
  const refunds: StripeStub['refunds'] = new Map();
  const deliveries: StripeStub['deliveries'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let base = '';

  const send = (response: ServerResponse, status: number, body: unknown, replayed = false) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(body));
  };
  const error = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
    error: { type, message, ...extra },
  });

  const sign = (body: string, secret = webhookSecret, timestamp = Math.floor(Date.now() / 1000)) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

  const event = (type: string, object: Record<string, unknown>) => {
    const eventId = id('evt');
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { id: eventId, body, signature: sign(body) };
  };

  const deliver = async (body: string, signature: string) => {
    const target = stub.webhook;
    if (!target) return 0;
    if (typeof target === 'function') return target(body, signature);
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    await answer.text();
    return answer.status;
  };
  const deliverEvent = async (type: string, object: Record<string, unknown>) => {
    const made = event(type, object);
    const status = await deliver(made.body, made.signature);
    deliveries.push({ type, id: made.id, status });
  };

  function createSession(form: URLSearchParams): { status: number; body: unknown } {
    const params = parseStripeForm(form) as {
      line_items?: Array<{ quantity?: string; price_data?: { unit_amount?: string; currency?: string } }>;
      success_url?: string;
      cancel_url?: string;
      mode?: string;
      customer_email?: string;
      client_reference_id?: string;
      metadata?: Record<string, string>;
    };
    if (params.mode !== 'payment' || !params.success_url || !params.cancel_url || !params.line_items?.length)
      return { status: 400, body: error('invalid_request_error', 'Missing required param: line_items.') };
    const amount = params.line_items.reduce(
      (sum, line) => sum + Number(line.price_data?.unit_amount ?? 0) * Number(line.quantity ?? 1),
      0,
    );
    if (!Number.isInteger(amount) || amount < 50)
      return { status: 400, body: error('invalid_request_error', 'Amount must be at least $0.50 usd') };
    const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: StubSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `${base}/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      currency: 'usd',
      amount_total: amount,
      amount_subtotal: amount,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      payment_intent: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  }

  function createRefund(form: URLSearchParams): { status: number; body: unknown } {
    const intentId = form.get('payment_intent') ?? '';
    const intent = intents.get(intentId);
    if (!intent)
      return {
        status: 400,
        body: error('invalid_request_error', `No such payment_intent: '${intentId}'`, {
          code: 'resource_missing',
        }),
      };
    const already = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + Number(refund.amount), 0);
    const amount = form.has('amount') ? Number(form.get('amount')) : Number(intent.amount) - already;
    if (!Number.isInteger(amount) || amount <= 0 || already + amount > Number(intent.amount))
      return {
        status: 400,
        body: error(
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
          {
            code: 'amount_too_large',
          },
        ),
      };
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: form.get('reason'),
      metadata: (parseStripeForm(form).metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    // Stripe reports the refund on the charge afterwards: never before this answer is sent.
    const all = [...refunds.values()].filter((r) => r.payment_intent === intentId);
    setTimeout(() => {
      void deliverEvent('charge.refunded', {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: all.reduce((sum, r) => sum + Number(r.amount), 0),
        payment_intent: intentId,
        refunded: all.reduce((sum, r) => sum + Number(r.amount), 0) >= Number(intent.amount),
        refunds: { object: 'list', data: all, has_more: false },
      }).catch(() => {});
    }, 10);
    return { status: 200, body: refund };
  }

  function createIntent(form: URLSearchParams): { status: number; body: unknown } {
    const amount = Number(form.get('amount'));
    const paymentMethod = form.get('payment_method');
    if (!Number.isInteger(amount) || amount < 50)
      return { status: 400, body: error('invalid_request_error', 'Amount must be at least $0.50 usd') };
    if (!paymentMethod?.startsWith('pm_card_'))
      return {
        status: 400,
        body: error('invalid_request_error', `No such PaymentMethod: '${paymentMethod ?? ''}'`, {
          code: 'resource_missing',
          param: 'payment_method',
        }),
      };
    const intentId = id('pi');
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: 'usd',
      status: 'succeeded',
      latest_charge: id('ch'),
    };
    intents.set(intentId, intent);
    return { status: 200, body: intent };
  }

  async function pay(sessionId: string, payOptions: { deliver?: boolean } = {}): Promise<string> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such session ${sessionId}`);
    if (session.payment_status !== 'paid') {
      const intentId = id('pi');
      intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: 'usd',
        status: 'succeeded',
        latest_charge: id('ch'),
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId });
      if (payOptions.deliver !== false) await deliverEvent('checkout.session.completed', { ...session });
    }
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
  }

  function hostedPage(response: ServerResponse, session: StubSession | undefined) {
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Not found</title><p>This payment page does not exist.</p>');
    }
    const amount = `$${(session.amount_total / 100).toFixed(2)}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Stripe test checkout</title></head><body>
<main><h1>Stripe test checkout</h1><p>Pay <strong>${amount}</strong> to TeenVoice${session.customer_email ? ` as ${escapeHtml(String(session.customer_email))}` : ''}.</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay ${amount}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p></main></body></html>`);
  }

  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const path = (request.url ?? '/').split('?')[0]!;
      if (path === '/healthz') return send(response, 200, { ok: true });
      const page = /^\/pay\/(cs_test_[0-9a-f]+)$/.exec(path);
      if (page) {
        if (request.method === 'GET') return hostedPage(response, sessions.get(page[1]!));
        if (!sessions.has(page[1]!)) return hostedPage(response, undefined);
        const next = await pay(page[1]!);
        response.writeHead(303, { location: next });
        return response.end();
      }
      const form = new URLSearchParams(body);
      const header = request.headers['idempotency-key'];
      const idempotencyKey = (Array.isArray(header) ? header[0] : header) ?? null;
      requests.push({ method: request.method ?? 'GET', path, idempotencyKey, form });
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(response, 401, error('invalid_request_error', 'Invalid API Key provided'));

      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && sessionPath) {
        const session = sessions.get(sessionPath[1]!);
        return session
          ? send(response, 200, session)
          : send(
              response,
              404,
              error('invalid_request_error', `No such checkout.session: '${sessionPath[1]}'`),
            );
      }
      const create =
        request.method !== 'POST'
          ? null
          : path === '/v1/checkout/sessions'
            ? createSession
            : path === '/v1/refunds'
              ? createRefund
              : path === '/v1/payment_intents'
                ? createIntent
                : null;
      if (!create)
        return send(
          response,
          404,
          error('invalid_request_error', `Unrecognized request URL (${request.method}: ${path}).`),
        );
      const replyKey = idempotencyKey ? `${path}\n${idempotencyKey}` : null;
      if (replyKey && replies.has(replyKey)) {
        const reply = replies.get(replyKey)!;
        return send(response, reply.status, reply.body, true);
      }
      const reply = create(form);
      if (replyKey && reply.status < 500) replies.set(replyKey, reply);
      send(response, reply.status, reply.body);
    } catch (cause) {
      send(response, 500, error('api_error', String(cause)));
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  const stub: StripeStub = {
    webhook: options.webhookUrl ?? null,
    url: base,
    requests,
    intents,
    sessions,
    refunds,
    deliveries,
    pay,
    event,
    deliver,
    sign,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return stub;
}
