/**
 * A client of the Paytrail Payment API (docs.paytrail.com): create a payment
 * (`POST /payments`), read its status (`GET /payments/{transactionId}`) and refund it
 * (`POST /payments/{transactionId}/refund`, ADR 0048), every request
 * signed and every answer's signature checked before it is believed. It speaks HTTP through
 * the `fetch` it is given: the network for Paytrail, the built-in test provider's handler for
 * `PAYMENTS=test` (the same requests, signatures and answers, on our own server).
 */
import { randomUUID } from 'node:crypto';
import { clock } from '~/lib/clock.server';
import { calculateHmac, checkoutParams, verifyHmac } from './paytrail-signature.server';

/** Paytrail's payment statuses (redirect, callback, status query). */
export const PROVIDER_STATUSES = ['new', 'ok', 'fail', 'pending', 'delayed'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export interface CreatePaymentRequest {
  stamp: string;
  reference: string;
  /** Cents. */
  amount: number;
  currency: 'EUR';
  language: 'FI' | 'SV' | 'EN';
  items: { unitPrice: number; units: number; vatPercentage: number; productCode: string; description?: string }[];
  customer: { email: string; firstName?: string; lastName?: string; phone?: string };
  redirectUrls: { success: string; cancel: string };
  callbackUrls: { success: string; cancel: string };
}

export interface ProviderMethod {
  id: string;
  name: string;
  url: string;
  svg: string;
  parameters: { name: string; value: string }[];
}

export interface CreatePaymentResponse {
  transactionId: string;
  terms: string;
  providers: ProviderMethod[];
}

export interface PaymentStatusResponse {
  transactionId: string;
  status: ProviderStatus;
  amount: number;
  stamp: string;
  reference: string;
  provider: string | null;
}

/** A refund (ADR 0048): the whole amount or part of a settled payment, by our unique refund stamp. */
export interface RefundRequest {
  /** Cents. */
  amount: number;
  refundStamp: string;
  refundReference: string;
  /** Where the provider reports a refund it could not finish at once (`pending`). */
  callbackUrls: { success: string; cancel: string };
}

/** Paytrail's answer to a refund: done (`ok`), to be reported by the callback (`pending`) or refused (`fail`). */
export interface RefundResponse {
  status: 'ok' | 'pending' | 'fail';
  /** The refund's own transaction id at the provider. */
  transactionId: string;
}

export class PaymentProviderError extends Error {
  /** The provider's HTTP status when it answered (a signed error answer), else undefined (no answer, a bad signature). */
  readonly status: number | undefined;
  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options);
    this.name = 'PaymentProviderError';
    this.status = options?.status;
  }
}

export interface PaytrailConfig {
  kind: 'test' | 'paytrail';
  merchantId: string;
  secret: string;
  apiUrl: string;
  fetch: (request: Request) => Promise<Response>;
  /** Time limit of one API call. */
  timeoutMs?: number;
}

export interface PaymentClient {
  readonly kind: 'test' | 'paytrail';
  readonly merchantId: string;
  createPayment(request: CreatePaymentRequest): Promise<CreatePaymentResponse>;
  getPayment(transactionId: string): Promise<PaymentStatusResponse>;
  refundPayment(transactionId: string, request: RefundRequest): Promise<RefundResponse>;
  /** The signed checkout-* parameters of a redirect or callback, or null when the signature fails. */
  verifyReturn(params: URLSearchParams): Record<string, string> | null;
}

export function createPaytrailClient(config: PaytrailConfig): PaymentClient {
  async function call(method: 'GET' | 'POST', path: string, body: unknown, extra: Record<string, string> = {}) {
    const bodyText = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      'checkout-account': config.merchantId,
      'checkout-algorithm': 'sha256',
      'checkout-method': method,
      'checkout-nonce': randomUUID(),
      // Paytrail checks it against its own (wall) clock.
      'checkout-timestamp': clock.toWall(clock.now()).toISOString(),
      ...extra,
    };
    const signature = calculateHmac(config.secret, headers, bodyText);
    const request = new Request(`${config.apiUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: { ...headers, signature, ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }) },
      body: body === undefined ? undefined : bodyText,
      signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
    });
    let response: Response;
    try {
      response = await config.fetch(request);
    } catch (error) {
      throw new PaymentProviderError(`${method} ${path}: no answer`, { cause: error });
    }
    const text = await response.text();
    const responseParams = checkoutParams(response.headers.entries());
    // Answers, errors included, are signed with the same secret: nothing unsigned is believed.
    if (!verifyHmac(config.secret, responseParams, text, response.headers.get('signature'))) {
      throw new PaymentProviderError(`${method} ${path}: answer signature invalid (HTTP ${response.status})`);
    }
    if (!response.ok) throw new PaymentProviderError(`${method} ${path}: HTTP ${response.status}`, { status: response.status });
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new PaymentProviderError(`${method} ${path}: answer is not JSON`, { cause: error });
    }
  }

  return {
    kind: config.kind,
    merchantId: config.merchantId,
    async createPayment(request) {
      const answer = await call('POST', '/payments', request);
      const providers = Array.isArray(answer.providers) ? answer.providers : [];
      if (typeof answer.transactionId !== 'string') throw new PaymentProviderError('create payment: no transactionId');
      return {
        transactionId: answer.transactionId,
        terms: typeof answer.terms === 'string' ? answer.terms : '',
        providers: providers.flatMap((p: Record<string, unknown>) =>
          typeof p.url === 'string' && typeof p.id === 'string' && typeof p.name === 'string'
            ? [
                {
                  id: p.id,
                  name: p.name,
                  url: p.url,
                  svg: typeof p.svg === 'string' ? p.svg : typeof p.icon === 'string' ? p.icon : '',
                  parameters: Array.isArray(p.parameters)
                    ? (p.parameters as { name: unknown; value: unknown }[]).flatMap((f) =>
                        typeof f.name === 'string' && typeof f.value === 'string' ? [{ name: f.name, value: f.value }] : [],
                      )
                    : [],
                },
              ]
            : [],
        ),
      };
    },
    async getPayment(transactionId) {
      const answer = await call('GET', `/payments/${encodeURIComponent(transactionId)}`, undefined, {
        'checkout-transaction-id': transactionId,
      });
      const status = answer.status as ProviderStatus;
      if (!PROVIDER_STATUSES.includes(status)) throw new PaymentProviderError(`status query: unknown status`);
      return {
        transactionId: String(answer.transactionId ?? transactionId),
        status,
        amount: Number(answer.amount),
        stamp: String(answer.stamp ?? ''),
        reference: String(answer.reference ?? ''),
        provider: typeof answer.provider === 'string' ? answer.provider : null,
      };
    },
    async refundPayment(transactionId, request) {
      const answer = await call('POST', `/payments/${encodeURIComponent(transactionId)}/refund`, request, {
        'checkout-transaction-id': transactionId,
      });
      const status = answer.status;
      if (status !== 'ok' && status !== 'pending' && status !== 'fail') throw new PaymentProviderError('refund: unknown status');
      if (typeof answer.transactionId !== 'string') throw new PaymentProviderError('refund: no transactionId');
      return { status, transactionId: answer.transactionId };
    },
    verifyReturn(params) {
      const checkout = checkoutParams(params.entries());
      if (checkout['checkout-account'] !== config.merchantId) return null;
      return verifyHmac(config.secret, checkout, '', params.get('signature')) ? checkout : null;
    },
  };
}
