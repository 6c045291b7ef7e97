import type { Language } from '~/i18n/config';

export type BrandKey = 'general' | 'children';

/** Design tokens of one brand; app/styles/theme.css.ts turns them into a vanilla-extract theme. */
export interface BrandTokens {
  color: {
    brand: string;
    brandStrong: string;
    onBrand: string;
    accent: string;
    background: string;
    surface: string;
    text: string;
    textMuted: string;
    border: string;
    focus: string;
    link: string;
    danger: string;
    dangerSurface: string;
    success: string;
    successSurface: string;
    info: string;
    infoSurface: string;
    occupational: string;
  };
  radius: { small: string; large: string };
  /** Fraction of the screen width the header image takes (spec 2, shared chrome). */
  headerImageWidth: string;
}

/**
 * The colours every brand shares: text on the brand colour, the card surface, and the status
 * colours (errors, success, information, the occupational tag).
 */
export const SHARED_COLORS = {
  onBrand: '#ffffff',
  surface: '#ffffff',
  danger: '#a4161a',
  dangerSurface: '#fdecec',
  success: '#1d6b35',
  successSurface: '#e8f5ec',
  info: '#0b4f8a',
  infoSurface: '#e8f0fa',
  occupational: '#3d3a7a',
} as const satisfies Partial<BrandTokens['color']>;

export interface PhoneNumber {
  /** E.164 for tel: links. */
  tel: string;
  /** As printed. */
  display: string;
  /** Price / opening-hours line per language. */
  info: Record<Language, string>;
}

/**
 * The seller on the brand's receipts and invoice summaries (ADR 0043): a Finnish receipt names
 * the seller, its business ID (Y-tunnus) and address.
 */
export interface Seller {
  /** The registered company name. */
  legalName: string;
  /** Y-tunnus, `1234567-8` (checked: app/models/billing/seller.test.ts). */
  businessId: string;
  street: string;
  postalCode: string;
  postOffice: string;
}

export interface Brand {
  key: BrandKey;
  /** Proper name of the clinic brand (not translated). */
  name: string;
  customerService: PhoneNumber;
  billing: { email: string; phone: PhoneNumber };
  /** The seller on receipts (the demo brands' facts are made up). */
  seller: Seller;
  homePage: string;
  appStores: { apple: string; google: string };
  /** Language of the terms of use; null = the page language. */
  termsLanguage: Language | null;
  /** Customer types offered on the reservation landing page. */
  customerTypes: readonly ('private' | 'insurance' | 'occupational')[];
  /**
   * The sender name its SMS show (ADR 0030): at most 11 GSM-7 letters, digits and spaces
   * (`app/models/sms/sender.ts`); `SMS_SENDER_<BRAND>` overrides it.
   */
  smsSender: string;
  /** The browser's theme colour (`<meta name="theme-color">`): the brand colour of its tokens. */
  themeColor: string;
  /** The sender of the brand's e-mail (`MAIL_FROM_<BRAND>` overrides it; required in production). */
  mailFrom: string;
  /** How the brand pictures a practitioner beside their name (spec 2 §9; ./practitioner-pictures.ts). */
  practitionerPictures: PractitionerPictures;
}

/**
 * How a brand pictures practitioners (spec 2 §3, §9; ADR 0049): their profile pictures from the
 * content system, or avatars — one of six, chosen by the first letter of the practitioner's id —
 * on the colour of the clinic (by the clinic's code).
 */
export type PractitionerPictures =
  | { kind: 'profilePicture' }
  | {
      kind: 'avatar';
      /** Six avatar images (paths of the portal's own public files). */
      avatars: readonly [string, string, string, string, string, string];
      /** The clinics' colours by clinic code (`clinics.id`), behind the avatar. */
      clinicColors: Readonly<Record<string, string>>;
      /** A clinic without a colour of its own (or none known). */
      otherClinicColor: string;
    };
