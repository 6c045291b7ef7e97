/**
 * SMS through GatewayAPI's REST API (ADR 0030): one `POST /rest/mtsms` per message, a JSON body,
 * signed with OAuth 1.0a HMAC-SHA1 (two-legged: the API key and secret, no token).
 *
 *     POST /rest/mtsms HTTP/1.1
 *     Host: gatewayapi.eu
 *     Authorization: OAuth oauth_consumer_key="…", oauth_nonce="…", oauth_signature="…",
 *       oauth_signature_method="HMAC-SHA1", oauth_timestamp="…", oauth_version="1.0"
 *     Content-Type: application/json; charset=utf-8
 *
 *     {"sender":"Kaari","message":"…","recipients":[{"msisdn":358401234567}],
 *      "encoding":"UTF8","max_parts":10,"userref":"1234"}
 *
 * - `message` is always UTF-8 JSON; `encoding` says how the gateway sends it: `UTF8` (its name
 *   for the GSM 03.38 default alphabet) or `UCS2`, chosen by `countSegments`.
 * - `max_parts` caps the parts the gateway may send (and bill); a longer text is refused here.
 * - `userref` is our outbox id: GatewayAPI returns it in its delivery status notifications. The
 *   API has no idempotency key, so a try whose answer was lost (a timeout) may send the message
 *   twice when retried (ADR 0030).
 * - The answer is read by `gatewayApiOutcome`; network errors and the time limit are temporary.
 *
 * Neither the number nor the text is ever in an error message (they are stored as the outbox
 * row's error class and may be logged).
 */
import { countSegments, smsText } from '~/models/sms/segments';
import { senderProblem } from '~/models/sms/sender';
import { isE164 } from '~/models/sms/phone';
import { clock } from '~/lib/clock.server';
import { gatewayApiOutcome } from './gatewayapi-rules';
import { authorizationHeader, oauth1Parameters } from './oauth1.server';
import { SmsPermanentError, SmsTemporaryError, type SmsMessage, type SmsSender } from './sms-sender';

export interface GatewayApiConfig {
  /** The send endpoint, e.g. https://gatewayapi.eu/rest/mtsms. */
  url: string;
  /** The API key (OAuth consumer key) and its secret. */
  key: string;
  secret: string;
  /** Time limit of one request, answer included. */
  timeoutMs: number;
  /** Parts one message may take (GatewayAPI's `max_parts`, 1–255). */
  maxSegments: number;
}

/** The JSON body of `POST /rest/mtsms` for one message. */
export interface GatewayApiRequestBody {
  sender: string;
  message: string;
  recipients: { msisdn: number }[];
  encoding: 'UTF8' | 'UCS2';
  max_parts: number;
  userref: string;
}

/** The request body for a message, or a permanent error when it cannot be sent at all. */
export function gatewayApiBody(message: SmsMessage, maxSegments: number): GatewayApiRequestBody {
  if (!isE164(message.to)) throw new SmsPermanentError('recipient is not an E.164 number');
  const problem = senderProblem(message.from);
  if (problem) throw new SmsPermanentError(`sender cannot be used (${problem})`);
  const text = smsText(message.text);
  if (text.trim() === '') throw new SmsPermanentError('empty message');
  const count = countSegments(text);
  if (count.segments > maxSegments) throw new SmsPermanentError(`message takes ${count.segments} parts, more than ${maxSegments}`);
  return {
    sender: message.from,
    message: text,
    recipients: [{ msisdn: Number(message.to.slice(1)) }],
    encoding: count.encoding === 'gsm7' ? 'UTF8' : 'UCS2',
    max_parts: maxSegments,
    userref: message.reference,
  };
}

export function createGatewayApiSender(config: GatewayApiConfig): SmsSender {
  const url = new URL(config.url);
  return {
    name: 'gatewayapi',
    async send(message) {
      const body = JSON.stringify(gatewayApiBody(message, config.maxSegments));
      const authorization = authorizationHeader(
        oauth1Parameters({
          method: 'POST',
          url,
          consumerKey: config.key,
          consumerSecret: config.secret,
          // GatewayAPI checks the timestamp against its own (wall) clock.
          timestamp: Math.floor(clock.toWall(clock.now()).getTime() / 1000),
        }),
      );
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new SmsTemporaryError(timedOut ? `GatewayAPI: no answer within ${config.timeoutMs} ms` : 'GatewayAPI: no connection', {
          cause: timedOut ? undefined : error,
        });
      }
      let parsed: unknown;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON (e.g. a proxy's HTML error page): the status alone decides.
        parsed = null;
      }
      const outcome = gatewayApiOutcome(response.status, parsed);
      if (outcome.kind === 'sent') return { providerId: outcome.providerId };
      if (outcome.kind === 'temporary') throw new SmsTemporaryError(`GatewayAPI: ${outcome.reason}`);
      throw new SmsPermanentError(`GatewayAPI: ${outcome.reason}`);
    },
  };
}
