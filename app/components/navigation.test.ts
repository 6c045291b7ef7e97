import { describe, expect, it } from 'vitest';
import { evaluateFeatures } from '~/services/features/features.server';
import { buildNavigation, type NavEntry } from './navigation';

const labels = (entries: NavEntry[]) =>
  entries.flatMap((e) => (e.kind === 'link' ? [e.labelKey] : [e.labelKey, ...e.items.map((i) => i.labelKey)]));

describe('side navigation rules', () => {
  it('always starts with Home', () => {
    const nav = buildNavigation({ lang: 'fi', brand: 'general', features: evaluateFeatures([]), isOccupational: false });
    expect(nav[0]).toMatchObject({ kind: 'link', href: '/fi', labelKey: 'chrome.home' });
  });

  it("links the children's chat only on the children's brand with pikkutsatti on", () => {
    const on = evaluateFeatures(['pikkutsatti']);
    const off = evaluateFeatures([]);
    expect(labels(buildNavigation({ lang: 'fi', brand: 'children', features: on, isOccupational: false }))).toContain('chrome.childrensChat');
    expect(labels(buildNavigation({ lang: 'fi', brand: 'children', features: off, isOccupational: false }))).not.toContain('chrome.childrensChat');
    // The general brand lacks the page: never in its navigation, whatever the flag.
    expect(labels(buildNavigation({ lang: 'fi', brand: 'general', features: on, isOccupational: false }))).not.toContain('chrome.childrensChat');
  });

  it('shows no group whose pages do not exist yet', () => {
    const all = evaluateFeatures([
      'customer-messaging-enabled',
      'customer-messaging-allowed',
      'sickness-fund-page',
      'is-finnair-sickness-fund-member',
    ]);
    const nav = buildNavigation({ lang: 'en', brand: 'general', features: all, isOccupational: true, unreadMessages: 2 });
    // The occupational group's pages exist since issue 10 (messages with the unread badge, team).
    expect(nav.filter((e) => e.kind === 'group')).toEqual([
      {
        kind: 'group',
        labelKey: 'chrome.occupationalHealth',
        items: [
          { kind: 'link', page: 'conversations', href: '/en/conversations', labelKey: 'chrome.messages', badge: 2 },
          { kind: 'link', page: 'occupationalTeam', href: '/en/occupational-health-care-team', labelKey: 'chrome.team', badge: undefined },
        ],
      },
    ]);
  });

  it('shows messages only with both messaging flags, and only to occupational customers', () => {
    const one = evaluateFeatures(['customer-messaging-allowed']);
    const links = (nav: ReturnType<typeof buildNavigation>) =>
      nav.flatMap((e) => (e.kind === 'group' ? e.items : [e])).map((l) => l.page);
    expect(links(buildNavigation({ lang: 'fi', brand: 'general', features: one, isOccupational: true }))).not.toContain('conversations');
    const both = evaluateFeatures(['customer-messaging-allowed', 'customer-messaging-enabled']);
    expect(links(buildNavigation({ lang: 'fi', brand: 'general', features: both, isOccupational: false }))).not.toContain('conversations');
    expect(links(buildNavigation({ lang: 'fi', brand: 'children', features: both, isOccupational: true }))).not.toContain('conversations');
  });
});
