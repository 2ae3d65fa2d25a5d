// A local stand-in for the parts of Stripe's API the payouts use, over real HTTP, so tests run the
// real `stripe` library (configured with host/port/protocol) against it. It records every request
// and answers like Stripe's documented API: objects, list envelopes, error bodies, and idempotency
// (a key replays its first answer, with the same parameters only; a key in flight gets 409).
// Failures and delays can be injected per request.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  rawBody: string;
  idempotencyKey: string | null;
  stripeAccount: string | null;
  stripeVersion: string | null;
  /** True when the answer was a replay of an earlier request with the same key. */
  replayed: boolean;
}

export interface InjectedFailure {
  status: number;
  type: string;
  code?: string;
  message: string;
  /**
   * true: the request is carried out (e.g. the transfer is created) and the error is what the
   * client hears, cached under its idempotency key like Stripe caches any answer of a started
   * request. false (default): nothing happens and nothing is cached.
   */
  execute?: boolean;
}

interface Injection {
  method: string;
  path: string;
  failure?: InjectedFailure;
  delayMs?: number;
  hold?: { arrived: () => void; released: Promise<void>; answered: () => void };
}

/** An answer the fake holds back (the request was carried out) until the test releases it. */
export interface HeldAnswer {
  /** The request has arrived and been carried out; its answer waits. */
  arrived: Promise<void>;
  release(): void;
  /** The answer has been sent (or the client had gone). */
  answered: Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

type Obj = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][c]=1&list[0]=x` into nested objects (how the library encodes parameters). */
export function parseStripeParams(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return out;
}

const stripeError = (status: number, type: string, message: string, extra: Obj = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly accounts = new Map<string, Obj>();
  readonly transfers = new Map<string, Obj>();
  /** The platform's available balance in cents; transfers above it are refused like Stripe does. */
  availableCents = 100_000_000;
  private readonly idempotency = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly inFlight = new Set<string>();
  private readonly injections: Injection[] = [];
  private server: http.Server | null = null;
  url = '';

  constructor(readonly secretKey = 'sk_test_fake_atomix') {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next request to `method path` fails (and/or answers late). */
  failNext(method: string, path: string, failure: InjectedFailure) {
    this.injections.push({ method, path, failure });
  }
  delayNext(method: string, path: string, delayMs: number) {
    this.injections.push({ method, path, delayMs });
  }
  /** The next request to `method path` is carried out, but answered only when the test says so. */
  holdNext(method: string, path: string): HeldAnswer {
    let arrive!: () => void;
    let release!: () => void;
    let answer!: () => void;
    const held: HeldAnswer = {
      arrived: new Promise<void>((resolve) => (arrive = resolve)),
      release: () => release(),
      answered: new Promise<void>((resolve) => (answer = resolve)),
    };
    const released = new Promise<void>((resolve) => (release = resolve));
    this.injections.push({ method, path, hold: { arrived: arrive, released, answered: answer } });
    return held;
  }

  requestsTo(method: string, path: string) {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** A connected account as Stripe would have it after (part of) onboarding. */
  updateAccount(accountId: string, patch: { payouts_enabled?: boolean; details_submitted?: boolean; charges_enabled?: boolean }) {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    Object.assign(account, patch);
    if (patch.payouts_enabled !== undefined) account.capabilities = { transfers: patch.payouts_enabled ? 'active' : 'inactive' };
    return structuredClone(account) as unknown as Stripe.Account;
  }

  /** Creates an Express account directly (as if a seller had connected earlier). */
  addAccount(patch: { payouts_enabled?: boolean; details_submitted?: boolean } = {}) {
    const account = this.newAccount({});
    this.accounts.set(account.id as string, account);
    return this.updateAccount(account.id as string, { payouts_enabled: false, details_submitted: false, ...patch });
  }

  /** Reverses (part of) a transfer, as the dashboard or the API would. */
  reverseTransfer(transferId: string, amountCents?: number) {
    const transfer = this.transfers.get(transferId);
    if (!transfer) throw new Error(`no transfer ${transferId}`);
    const remaining = (transfer.amount as number) - (transfer.amount_reversed as number);
    const amount = amountCents ?? remaining;
    const reversal = {
      id: id('trr'),
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      created: now(),
      transfer: transferId,
      metadata: {},
    };
    transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    const reversals = transfer.reversals as { data: unknown[]; total_count: number };
    reversals.data.unshift(reversal);
    reversals.total_count += 1;
    this.availableCents += amount;
    return structuredClone(transfer) as unknown as Stripe.Transfer;
  }

  transfer(transferId: string) {
    return structuredClone(this.transfers.get(transferId)) as unknown as Stripe.Transfer;
  }

  /** An event envelope as Stripe posts it to a webhook endpoint. */
  event(type: string, object: unknown, options: { account?: string; previousAttributes?: Obj } = {}): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object, ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...(options.account ? { account: options.account } : {}),
    } as unknown as Stripe.Event;
  }

  // --- HTTP ----------------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: parseStripeParams(url.search.slice(1)),
      body: parseStripeParams(rawBody),
      rawBody,
      idempotencyKey: key,
      stripeAccount: (req.headers['stripe-account'] as string | undefined) ?? null,
      stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null,
      replayed: false,
    };
    this.requests.push(record);

    const send = (answer: Answer, headers: Record<string, string> = {}) => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
      res.end(JSON.stringify(answer.body));
    };

    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(stripeError(401, 'invalid_request_error', 'Invalid API Key provided'));
    }

    const injectionIndex = this.injections.findIndex((i) => i.method === method && i.path === url.pathname);
    const injection = injectionIndex >= 0 ? this.injections.splice(injectionIndex, 1)[0] : undefined;

    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    if (key && method === 'POST') {
      const saved = this.idempotency.get(key);
      if (saved) {
        if (saved.fingerprint !== fingerprint) {
          return send(
            stripeError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            ),
          );
        }
        record.replayed = true;
        return send(saved.answer, { 'idempotent-replayed': 'true' });
      }
      if (this.inFlight.has(key)) {
        return send(
          stripeError(
            409,
            'idempotency_error',
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through).',
          ),
        );
      }
    }

    if (injection?.failure && !injection.failure.execute) {
      const { status, type, code, message } = injection.failure;
      return send(stripeError(status, type, message, code ? { code } : {}));
    }

    if (key && method === 'POST') this.inFlight.add(key);
    let answer = this.route(method, url, record.body);
    if (injection?.failure?.execute) {
      const { status, type, code, message } = injection.failure;
      answer = stripeError(status, type, message, code ? { code } : {});
    }
    if (key && method === 'POST') {
      // Stripe saves the answer of any request that started executing; 4xx refusals of invalid
      // parameters happen before that, but saving them too is harmless for these tests.
      this.idempotency.set(key, { fingerprint, answer });
    }
    const finish = () => {
      if (key) this.inFlight.delete(key);
      send(answer);
    };
    if (injection?.hold) {
      const { arrived, released, answered } = injection.hold;
      arrived();
      await released;
      finish();
      answered();
    } else if (injection?.delayMs) setTimeout(finish, injection.delayMs);
    else finish();
  }

  private route(method: string, url: URL, body: Obj): Answer {
    const path = url.pathname;
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/accounts') {
      const account = this.newAccount(body);
      this.accounts.set(account.id as string, account);
      return { status: 200, body: account };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const account = this.accounts.get(match[1]!);
      return account ? { status: 200, body: account } : missing('account', match[1]!);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = String(body.account ?? '');
      if (!this.accounts.has(account)) return missing('account', account, 'account');
      for (const field of ['type'] as const) {
        if (!body[field]) return stripeError(400, 'invalid_request_error', `Missing required param: ${field}.`, { param: field, code: 'parameter_missing' });
      }
      const created = now();
      return {
        status: 200,
        body: { object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.com/setup/e/${account}/${id('link')}` },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') return this.createTransfer(body);
    if (method === 'GET' && path === '/v1/transfers') {
      const query = parseStripeParams(url.search.slice(1));
      const data = [...this.transfers.values()]
        .filter((t) => !query.transfer_group || t.transfer_group === query.transfer_group)
        .filter((t) => !query.destination || t.destination === query.destination)
        .reverse()
        .slice(0, Number(query.limit ?? 10));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/transfers' } };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/transfers\/([^/]+)$/))) {
      const transfer = this.transfers.get(match[1]!);
      return transfer ? { status: 200, body: transfer } : missing('transfer', match[1]!);
    }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  private newAccount(body: Obj): Obj {
    return {
      id: id('acct'),
      object: 'account',
      type: body.type ?? 'express',
      email: body.email ?? null,
      country: body.country ?? 'US',
      default_currency: 'usd',
      created: now(),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { transfers: 'inactive' },
      metadata: body.metadata ?? {},
      business_type: null,
      requirements: { currently_due: ['external_account', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' },
    };
  }

  private createTransfer(body: Obj): Answer {
    for (const field of ['currency', 'destination'] as const) {
      if (!body[field]) return stripeError(400, 'invalid_request_error', `Missing required param: ${field}.`, { param: field, code: 'parameter_missing' });
    }
    const amount = Number(body.amount);
    if (!/^\d+$/.test(String(body.amount)) || amount < 1) {
      return stripeError(400, 'invalid_request_error', 'Invalid integer: ' + String(body.amount), { param: 'amount', code: 'parameter_invalid_integer' });
    }
    const destination = String(body.destination);
    const account = this.accounts.get(destination);
    if (!account) return missing('destination', destination, 'destination');
    if ((account.capabilities as Obj).transfers !== 'active') {
      return stripeError(
        400,
        'invalid_request_error',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      );
    }
    if (amount > this.availableCents) {
      return stripeError(
        400,
        'invalid_request_error',
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
        { code: 'balance_insufficient' },
      );
    }
    this.availableCents -= amount;
    const transferId = id('tr');
    const transfer: Obj = {
      id: transferId,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: id('txn'),
      created: now(),
      currency: String(body.currency),
      description: body.description ?? null,
      destination,
      destination_payment: id('py'),
      livemode: false,
      metadata: body.metadata ?? {},
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${transferId}/reversals` },
      reversed: false,
      source_transaction: null,
      source_type: 'card',
      transfer_group: body.transfer_group ?? null,
    };
    this.transfers.set(transferId, transfer);
    return { status: 200, body: transfer };
  }
}

/** An unknown object: 404 when it is the one asked for, 400 when a parameter names it. */
function missing(kind: string, value: string, param = 'id'): Answer {
  return stripeError(param === 'id' ? 404 : 400, 'invalid_request_error', `No such ${kind}: '${value}'`, { code: 'resource_missing', param });
}
