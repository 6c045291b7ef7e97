/**
 * The `test` e-mail channel (EMAIL=test; refused in production; SMS=test is ./sms/test-sender):
 * it sends nothing and answers at once, so the delivery marks the row sent and it stays
 * readable, link and all, at /dev/outbox (`outboxIsMailbox`). The demo (`npm start` with no
 * configuration) and most tests use them.
 */
import type { EmailSender } from './email/email-sender';

export const testEmailSender: EmailSender = {
  name: 'test',
  outboxIsMailbox: true,
  async send(message) {
    return { providerId: `test:${message.messageId}` };
  },
  close() {},
};
