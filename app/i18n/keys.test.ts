/**
 * The translation keys are checked by the typecheck: each `@ts-expect-error` below fails
 * `npm run typecheck` when the call it marks stops being an error, i.e. when a key without an
 * English text would again pass unnoticed, in components or on the server. The tests also run,
 * to show what such a key gives at run time.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { serverT } from '~/lib/http/page.server';
import { fixedT, isTextKey, textsIn } from './i18n.server';
import type { TextKey, TextTree, TextTreeKey } from './keys';
import en from './resources/en';
import pagesEn from './resources/shell/en';
import { createTranslator, hasText, type TFunction } from './translate';

describe('the text keys', () => {
  it('are the paths of the English texts, plural forms also by their base key', () => {
    expectTypeOf<'chrome.home'>().toExtend<TextKey>();
    expectTypeOf<'session.unit.minutes'>().toExtend<TextKey>();
    expectTypeOf<'session.unit.minutes_one'>().toExtend<TextKey>();
    // A key in an area's text module.
    expectTypeOf<'records.renewal.errors.required'>().toExtend<TextKey>();
    // A `Record<string, string>` of texts takes any key under it.
    expectTypeOf<'insurance.reservationInfo.FYS'>().toExtend<TextKey>();

    expectTypeOf<string>().not.toExtend<TextKey>();
    expectTypeOf<'chrome.noSuchKey'>().not.toExtend<TextKey>();
    expectTypeOf<'chrome'>().not.toExtend<TextKey>();
    expectTypeOf<'help.faq'>().not.toExtend<TextKey>();
    expectTypeOf<'session.unit.minute'>().not.toExtend<TextKey>();
  });

  it('of lists and objects are their own, with the shape returnObjects gives', () => {
    expectTypeOf<'eula'>().toExtend<TextTreeKey>();
    expectTypeOf<'help.faq'>().toExtend<TextTreeKey>();
    expectTypeOf<'chrome.home'>().not.toExtend<TextTreeKey>();
    expectTypeOf<TextTree<'help.faq'>>().toEqualTypeOf<{ q: string; a: string }[]>();
    expectTypeOf<TextTree<'eula'>['title']>().toEqualTypeOf<string>();
  });

  it('narrow a key that arrives as data only when it has a text', () => {
    expect(hasText(en, 'chrome.home')).toBe(true);
    expect(hasText(en, 'session.unit.minutes')).toBe(true);
    expect(hasText(en, 'chrome')).toBe(false);
    expect(hasText(en, 'chrome.noSuchKey')).toBe(false);
    expect(isTextKey('eula.title')).toBe(true);
    expect(isTextKey('eula')).toBe(false);
    expect(isTextKey(42)).toBe(false);
  });
});

describe('the components’ translate function', () => {
  const t = createTranslator({ ...en, ...pagesEn }, 'en');

  it('takes the keys with a text', () => {
    expectTypeOf(t('chrome.home')).toEqualTypeOf<string>();
    expect(t('session.unit.minutes', { count: 2 })).toBe('minutes');
    expectTypeOf(t('help.faq', { returnObjects: true })).toEqualTypeOf<{ q: string; a: string }[]>();
    expect(t('eula', { returnObjects: true }).title).toBe(pagesEn.eula.title);
  });

  it('takes no other key', () => {
    // @ts-expect-error: no such text
    expect(t('chrome.noSuchKey')).toBe('chrome.noSuchKey');
    // @ts-expect-error: an object of texts, not a text
    expect(t('chrome')).toBe('chrome');
    // @ts-expect-error: a list of texts without returnObjects
    t('help.faq');
    // @ts-expect-error: no such list
    t('help.noSuchList', { returnObjects: true });
    const data: string = 'chrome.home';
    // @ts-expect-error: a string from data is translated only after i18n.exists / isTextKey
    t(data);
  });
});

describe('the server’s translate functions', () => {
  it('are the components’ type, so they take no other key', async () => {
    expectTypeOf(textsIn).returns.resolves.toEqualTypeOf<TFunction>();
    expectTypeOf(fixedT).returns.toEqualTypeOf<TFunction>();
    expectTypeOf<typeof serverT>().returns.toEqualTypeOf<TFunction>();

    const t = await textsIn('en');
    expect(t('chrome.home')).toBe(en.chrome.home);
    // @ts-expect-error: no such text
    expect(t('chrome.noSuchKey')).toBe('chrome.noSuchKey');
    // @ts-expect-error: no such list
    t('help.noSuchList', { returnObjects: true });
  });
});
