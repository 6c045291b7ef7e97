/**
 * `SMS=test` (never in production): sends nothing. The message stays readable as its outbox row
 * at /dev/outbox, link and all (`outboxIsMailbox`); the sender checks it as the real one does (E.164 recipient, sender name,
 * parts), so a message the gateway would refuse fails here too.
 */
import { gatewayApiBody } from './gatewayapi.server';
import type { SmsSender } from './sms-sender';

export function createTestSmsSender(maxSegments: number): SmsSender {
  return {
    name: 'test',
    outboxIsMailbox: true,
    async send(message) {
      gatewayApiBody(message, maxSegments);
      return { providerId: `test-${message.reference}` };
    },
  };
}
