/**
 * What the side navigation shows, by the rules of spec 1 §2 and spec 2 §6: the occupational
 * group only on the general brand for occupational customers, messages only when both
 * messaging flags are on, the sickness-fund group only with both of its flags, the calendar
 * (booking) and list (appointments) links, the health records, the children's chat link with
 * `pikkutsatti`, invoices and my information; and for an HR user of a client company their
 * company's conversations (ADR 0042). A link appears only when its page exists (route table, brand,
 * language). Client-safe and pure, so it is unit-tested.
 */
import type { BrandKey } from '~/brands';
import type { Language } from '~/i18n/config';
import type { TextKey } from '~/i18n/keys';
import type { Features } from '~/models/features';
import { showsMessages } from '~/models/messaging/messaging';
import { PAGES, pageExistsIn, pagePath, type PageDefinition, type PageKey } from '~/route-table';

export interface NavLinkItem {
  kind: 'link';
  page: PageKey;
  href: string;
  labelKey: TextKey;
  badge?: number;
}

export interface NavGroup {
  kind: 'group';
  labelKey: TextKey;
  items: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export interface NavInput {
  lang: Language;
  brand: BrandKey;
  features: Features;
  isOccupational: boolean;
  /** An active HR user of a client company: their company's conversations (ADR 0042). */
  isHrUser?: boolean;
  unreadMessages?: number;
}

/** A page of the route table the navigation may link to (when its brand, feature and language have it). */
type NavPage = PageKey;

function available(page: NavPage, input: NavInput): boolean {
  const def = PAGES[page] as PageDefinition;
  if (def.brands && !def.brands.includes(input.brand)) return false;
  if (def.feature && !input.features[def.feature]) return false;
  return pageExistsIn(page, input.lang);
}

export function buildNavigation(input: NavInput): NavEntry[] {
  const link = (page: NavPage, labelKey: TextKey, badge?: number): NavLinkItem[] =>
    available(page, input) ? [{ kind: 'link', page, href: pagePath(page, input.lang), labelKey, badge }] : [];

  const entries: NavEntry[] = [...link('front', 'chrome.home')];

  // An HR user's own area: the company's conversations with its occupational care team.
  if (input.isHrUser) entries.push(...link('hrMessages', 'chrome.hrMessages'));

  if (input.brand === 'general' && input.isOccupational) {
    const items = [
      ...(showsMessages(input) ? link('conversations', 'chrome.messages', input.unreadMessages) : []),
      ...link('occupationalTeam', 'chrome.team'),
      ...link('employeeMemo', 'chrome.employeeMemo'),
    ];
    if (items.length) entries.push({ kind: 'group', labelKey: 'chrome.occupationalHealth', items });
  }

  if (input.features['sickness-fund-page'] && input.features['is-finnair-sickness-fund-member']) {
    const items = link('sicknessFund', 'chrome.sicknessFund');
    if (items.length) entries.push({ kind: 'group', labelKey: 'chrome.sicknessFund', items });
  }

  // The calendar and list links (spec 1 §2, spec 2 §6): the booking calendar of free times and
  // the list of one's appointments.
  entries.push(...link('bookingLanding', 'chrome.booking'), ...link('appointmentList', 'chrome.appointments'));

  // Health records: a group of the record pages this brand has.
  const records = [
    ...link('prescriptions', 'chrome.prescriptions'),
    ...link('laboratory', 'chrome.laboratory'),
    ...link('imaging', 'chrome.imaging'),
    ...link('visits', 'chrome.visits'),
    ...link('questionnaires', 'chrome.questionnaires'),
    ...link('vaccinations', 'chrome.vaccinations'),
    ...link('certificates', 'chrome.certificates'),
  ];
  if (records.length) entries.push({ kind: 'group', labelKey: 'chrome.healthRecords', items: records });

  entries.push(
    ...(input.features.pikkutsatti ? link('childrensChat', 'chrome.childrensChat') : []),
    ...link('invoices', 'chrome.invoices'),
    ...link('myInformation', 'chrome.myInformation'),
  );
  return entries;
}
