/**
 * The `test` channels (EMAIL=test, SMS=test; refused in production): they send nothing and
 * answer at once, so the delivery marks the row sent and it stays readable at /dev/outbox. The
 * demo (`npm start` with no configuration) and most tests use them.
 */
import type { EmailSender } from './email/email-sender';
import type { SmsSender } from './sms/sms-sender';

export const testEmailSender: EmailSender = {
  name: 'test',
  async send(message) {
    return { providerId: `test:${message.messageId}` };
  },
  close() {},
};

export const testSmsSender: SmsSender = {
  name: 'test',
  async send(message) {
    return { providerId: `test:sms-${message.reference}` };
  },
};
