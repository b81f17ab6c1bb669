import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's HTTP API, enough for the official `stripe` library to create and
 * confirm PaymentIntents (`POST /v1/payment_intents`, form-encoded) in tests. Stripe's test payment
 * methods decide the outcome:
 *  - `pm_card_visa` (and any other `pm_card_*` not listed): succeeded
 *  - `pm_card_chargeDeclined`: 402 card_error 'Your card was declined.'
 *  - `pm_card_authenticationRequired`: requires_action (3-D Secure)
 *  - `pm_card_processing`: processing
 *  - `pm_stub_outage`: 500 api_error (Stripe having a bad moment)
 *  - anything else: 400 invalid_request_error, No such PaymentMethod
 * An `Idempotency-Key` seen before answers the first answer again, as Stripe does.
 */
export interface StripeStub {
  url: string;
  /** Every request that reached the stub, in order. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null; form: URLSearchParams }>;
  /** PaymentIntents created (replays not counted), by id. */
  intents: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startStripeStub(options: { secretKey?: string } = {}): Promise<StripeStub> {
  const secretKey = options.secretKey ?? 'sk_test_x';
  const requests: StripeStub['requests'] = [];
  const intents: StripeStub['intents'] = new Map();
  const replies = new Map<string, { status: number; body: unknown }>();

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

  function createIntent(form: URLSearchParams): { status: number; body: unknown } {
    const amount = Number(form.get('amount'));
    const currency = form.get('currency');
    const paymentMethod = form.get('payment_method');
    if (!Number.isInteger(amount) || amount < 50)
      return {
        status: 400,
        body: error('invalid_request_error', 'Amount must be at least $0.50 usd', {
          code: 'amount_too_small',
          param: 'amount',
        }),
      };
    if (currency !== 'usd')
      return { status: 400, body: error('invalid_request_error', 'Invalid currency', { param: 'currency' }) };
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const intent = (status: string) => ({
      id,
      object: 'payment_intent',
      amount,
      amount_received: status === 'succeeded' ? amount : 0,
      currency,
      status,
      payment_method: paymentMethod,
      confirmation_method: 'automatic',
      capture_method: 'automatic',
      description: form.get('description'),
      metadata,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    });
    if (paymentMethod === 'pm_stub_outage')
      return { status: 500, body: error('api_error', 'An unknown error occurred') };
    if (!paymentMethod?.startsWith('pm_card_'))
      return {
        status: 400,
        body: error('invalid_request_error', `No such PaymentMethod: '${paymentMethod ?? ''}'`, {
          code: 'resource_missing',
          param: 'payment_method',
        }),
      };
    if (paymentMethod === 'pm_card_chargeDeclined') {
      const declined = intent('requires_payment_method');
      intents.set(id, declined);
      return {
        status: 402,
        body: error('card_error', 'Your card was declined.', {
          code: 'card_declined',
          decline_code: 'generic_decline',
          payment_intent: declined,
        }),
      };
    }
    const status =
      paymentMethod === 'pm_card_authenticationRequired'
        ? 'requires_action'
        : paymentMethod === 'pm_card_processing'
          ? 'processing'
          : 'succeeded';
    const created = intent(status);
    intents.set(id, created);
    return { status: 200, body: created };
  }

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const form = new URLSearchParams(body);
    const path = (request.url ?? '/').split('?')[0]!;
    const header = request.headers['idempotency-key'];
    const idempotencyKey = (Array.isArray(header) ? header[0] : header) ?? null;
    requests.push({ method: request.method ?? 'GET', path, idempotencyKey, form });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, error('invalid_request_error', 'Invalid API Key provided'));
    }
    if (request.method !== 'POST' || path !== '/v1/payment_intents') {
      return send(
        response,
        404,
        error('invalid_request_error', `Unrecognized request URL (${request.method}: ${path}).`),
      );
    }
    if (idempotencyKey && replies.has(idempotencyKey)) {
      const reply = replies.get(idempotencyKey)!;
      return send(response, reply.status, reply.body, true);
    }
    const reply = createIntent(form);
    // Like Stripe, a server error is not saved under the key: a retry is tried again.
    if (idempotencyKey && reply.status < 500) replies.set(idempotencyKey, reply);
    send(response, reply.status, reply.body);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
