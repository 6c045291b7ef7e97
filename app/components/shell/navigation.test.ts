import { describe, expect, it } from 'vitest';
import { evaluateFeatures } from '~/services/features/features.server';
import { showsMessages } from '~/models/messaging/messaging';
import { buildNavigation, type NavEntry } from './navigation';

const labels = (entries: NavEntry[]) => entries.flatMap((e) => (e.kind === 'link' ? [e.labelKey] : [e.labelKey, ...e.items.map((i) => i.labelKey)]));

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

  it('shows only groups that have pages', () => {
    const all = evaluateFeatures(['customer-messaging-enabled', 'customer-messaging-allowed', 'sickness-fund-page', 'is-finnair-sickness-fund-member']);
    const nav = buildNavigation({ lang: 'en', brand: 'general', features: all, isOccupational: true, unreadMessages: 2 });
    // Every group shown has at least one page: messages with the unread badge, the team, the
    // employee memo; the sickness fund; the health records.
    const groups = nav.filter((e) => e.kind === 'group');
    expect(groups.map((g) => g.labelKey)).toEqual(['chrome.occupationalHealth', 'chrome.sicknessFund', 'chrome.healthRecords']);
    for (const group of groups) expect(group.kind === 'group' && group.items.length).toBeGreaterThan(0);
    const ohc = groups[0]!;
    expect(ohc.kind === 'group' && ohc.items.map((i) => i.page)).toEqual(['conversations', 'occupationalTeam', 'employeeMemo']);
    expect(ohc.kind === 'group' && ohc.items[0]).toMatchObject({ href: '/en/conversations', labelKey: 'chrome.messages', badge: 2 });
    expect(
      buildNavigation({ lang: 'en', brand: 'general', features: evaluateFeatures([]), isOccupational: false }).map((e) =>
        e.kind === 'group' ? e.labelKey : e.page,
      ),
    ).not.toContain('chrome.occupationalHealth');
  });

  it("groups the record pages, without certificates and questionnaires on the children's brand", () => {
    const none = evaluateFeatures([]);
    const pages = (brand: 'general' | 'children') => {
      const group = buildNavigation({ lang: 'fi', brand, features: none, isOccupational: false }).find(
        (e) => e.kind === 'group' && e.labelKey === 'chrome.healthRecords',
      );
      return group?.kind === 'group' ? group.items.map((i) => i.page) : [];
    };
    expect(pages('general')).toEqual(['prescriptions', 'laboratory', 'imaging', 'visits', 'questionnaires', 'vaccinations', 'certificates']);
    expect(pages('children')).toEqual(['prescriptions', 'laboratory', 'imaging', 'visits', 'vaccinations']);
  });

  it('shows messages only with both messaging flags, and only to occupational customers', () => {
    const one = evaluateFeatures(['customer-messaging-allowed']);
    const links = (nav: ReturnType<typeof buildNavigation>) => nav.flatMap((e) => (e.kind === 'group' ? e.items : [e])).map((l) => l.page);
    expect(links(buildNavigation({ lang: 'fi', brand: 'general', features: one, isOccupational: true }))).not.toContain('conversations');
    const both = evaluateFeatures(['customer-messaging-allowed', 'customer-messaging-enabled']);
    expect(links(buildNavigation({ lang: 'fi', brand: 'general', features: both, isOccupational: false }))).not.toContain('conversations');
    expect(links(buildNavigation({ lang: 'fi', brand: 'children', features: both, isOccupational: true }))).not.toContain('conversations');
    // The one rule, which the messaging pages and the unread badge ask too.
    expect([
      showsMessages({ brand: 'general', features: both, isOccupational: true }),
      showsMessages({ brand: 'general', features: one, isOccupational: true }),
      showsMessages({ brand: 'general', features: evaluateFeatures(['customer-messaging-enabled']), isOccupational: true }),
      showsMessages({ brand: 'general', features: both, isOccupational: false }),
      showsMessages({ brand: 'children', features: both, isOccupational: true }),
    ]).toEqual([true, false, false, false, false]);
  });

  it('links the booking calendar and the appointment list, in that order, on both brands (spec 1 §2, spec 2 §6)', () => {
    for (const brand of ['general', 'children'] as const) {
      const nav = buildNavigation({ lang: 'sv', brand, features: evaluateFeatures([]), isOccupational: false });
      const links = nav.flatMap((e) => (e.kind === 'link' ? [e] : []));
      const at = links.findIndex((l) => l.page === 'bookingLanding');
      expect(links[at]).toMatchObject({ href: '/sv/tidsbokning', labelKey: 'chrome.booking' });
      expect(links[at + 1]).toMatchObject({ page: 'appointmentList', href: '/sv/tidsbokningar' });
    }
  });

  it('links an HR user to the company’s conversations after Home, on the general brand only (ADR 0042)', () => {
    const none = evaluateFeatures([]);
    const hr = buildNavigation({ lang: 'sv', brand: 'general', features: none, isOccupational: false, isHrUser: true });
    expect(hr[1]).toMatchObject({ kind: 'link', page: 'hrMessages', href: '/sv/hr/meddelanden', labelKey: 'chrome.hrMessages' });
    expect(labels(buildNavigation({ lang: 'sv', brand: 'general', features: none, isOccupational: true }))).not.toContain('chrome.hrMessages');
    expect(labels(buildNavigation({ lang: 'fi', brand: 'children', features: none, isOccupational: false, isHrUser: true }))).not.toContain(
      'chrome.hrMessages',
    );
  });
});
