/**
 * Text messages show on lock screens and pass through operators: every SMS the portal sends says
 * no more than needed (ADR 0008, 0020, 0031): the time, the place, the brand, a link or a code,
 * never the service or anything that hints at what the visit is for. Checked here on the
 * templates themselves, in every language, so no sender can fill one in with the service.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './config';
import { resources } from './i18n.server';

/** The texts that are sent as (part of) an SMS besides the booking messages' `*.message.sms*`. */
const OTHER_SMS_KEYS = ['myInformation.mfa.sms', 'myInformation.sms.message', 'messaging.notification.body', 'insurance.message.declared'];
/** How a booking message's place reads for a remote visit (in the SMS of booking, reminder, move and offer). */
const PLACE_KEYS = ['reservation.message.video', 'reservation.message.phone', 'reservation.message.remote'];

/** Words that would tell what a visit is for (mental health above all), in Finnish, Swedish and English. */
const HINTS = /psyk|psych|mieli|mielen|mental|terap|therap|depress|ahdist|ångest|anxiety|kriisi|kris|crisis|päihde|missbruk|addiction/i;

function texts(tree: unknown, path: string[] = []): [string, string][] {
  if (typeof tree === 'string') return [[path.join('.'), tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([key, value]) => texts(value, [...path, key]));
  return [];
}

describe.each(LANGUAGES)('the SMS texts in %s', (lang) => {
  const all = new Map(texts(resources[lang].translation));
  const bookingSms = [...all.keys()].filter((key) => /\.message\.sms(Link)?$/.test(key));
  const sms = [...bookingSms, ...OTHER_SMS_KEYS, ...PLACE_KEYS];

  it('are all found (the booking, occupational, reminder, move and earlier-time messages and the others)', () => {
    expect(bookingSms.sort()).toEqual(
      [
        'earlierTime.message.sms',
        'move.message.sms',
        'move.message.smsLink',
        'occupational.message.sms',
        'reminders.message.sms',
        'reminders.message.smsLink',
        'reservation.message.sms',
      ].sort(),
    );
    for (const key of sms) expect(all.get(key), key).toEqual(expect.any(String));
  });

  it('never take the service and hint at nothing', () => {
    for (const key of sms) {
      const text = all.get(key)!;
      expect(text, key).not.toContain('{{service}}');
      expect(text, key).not.toMatch(HINTS);
    }
  });
});
