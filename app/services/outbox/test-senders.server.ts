/**
 * The `test` e-mail channel (EMAIL=test; refused in production; SMS=test is ./sms/test-sender): it sends nothing and
 * answer at once, so the delivery marks the row sent and it stays readable at /dev/outbox. The
 * demo (`npm start` with no configuration) and most tests use them.
 */
import type { EmailSender } from './email/email-sender';

export const testEmailSender: EmailSender = {
  name: 'test',
  async send(message) {
    return { providerId: `test:${message.messageId}` };
  },
  close() {},
};
