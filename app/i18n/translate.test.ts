import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './config';
import { resources as serverResources } from './i18n.server';
import { createTranslator, translatorOver } from './translate';

const resources = { fi: serverResources.fi.translation, sv: serverResources.sv.translation, en: serverResources.en.translation };
const en = resources.en;

const reference = i18next.createInstance();
await reference.init({
  resources: serverResources,
  lng: 'fi',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

/** Every key with a text, plural suffixes folded into their base key. */
function keysOf(tree: object, prefix = ''): { key: string; text: string }[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') return [{ key: key.replace(/_(one|other)$/, ''), text: value }];
    if (Array.isArray(value)) return [];
    return keysOf(value as object, `${key}.`);
  });
}

describe('the components’ translate function', () => {
  for (const lang of LANGUAGES) {
    it(`gives the same text as i18next for every ${lang} key, with and without values and counts`, () => {
      // Every key, as data: the untyped lookup behind createTranslator.
      const t = translatorOver(resources[lang], lang);
      const reference_t = reference.getFixedT(lang) as unknown as (key: string, options: object) => string;
      const entries = keysOf(resources[lang]);
      expect(entries.length).toBeGreaterThan(100);
      for (const { key, text } of entries) {
        const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
        const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
        for (const count of [undefined, 0, 1, 2, 21]) {
          const options = count === undefined ? values : { ...values, count };
          expect(t(key, options), `${lang} ${key} ${JSON.stringify(options)}`).toBe(reference_t(key, options));
        }
      }
    });
  }

  it('answers a missing key with the key, or with defaultValue', () => {
    // The typed function takes no missing key (keys.test.ts); the lookup behind it answers them.
    const t = translatorOver(en, 'en');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('no.such.key', { defaultValue: 'Fallback {{x}}', x: 1 })).toBe('Fallback 1');
  });

  it('returns lists and objects with returnObjects', () => {
    const t = createTranslator(en, 'en');
    expect(t('help.instructions', { returnObjects: true })).toEqual(en.help.instructions);
    expect(t('eula', { returnObjects: true })).toEqual(en.eula);
  });

  it('chooses the plural form by count', () => {
    const t = createTranslator(en, 'en');
    expect(t('session.unit.minutes', { count: 1 })).toBe('minute');
    expect(t('session.unit.minutes', { count: 5 })).toBe('minutes');
  });
});
