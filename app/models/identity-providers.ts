/**
 * Identification methods offered on the login page (spec 3 §2), as FTN broker acr_values.
 * Bank names are proper nouns; the mobile certificate's label is translated.
 */
export const IDENTITY_PROVIDERS = [
  { id: 'fi-mobiilivarmenne', name: null },
  { id: 'fi-aktia', name: 'Aktia' },
  { id: 'fi-alandsbanken', name: 'Ålandsbanken' },
  { id: 'fi-danskebank', name: 'Danske Bank' },
  { id: 'fi-handelsbanken', name: 'Handelsbanken' },
  { id: 'fi-nordea', name: 'Nordea' },
  { id: 'fi-omasaastopankki', name: 'OmaSäästöpankki' },
  { id: 'fi-op', name: 'OP' },
  { id: 'fi-poppankki', name: 'POP Pankki' },
  { id: 'fi-saastopankki', name: 'Säästöpankki' },
  { id: 'fi-spankki', name: 'S-Pankki' },
] as const;

export type IdentityProviderId = (typeof IDENTITY_PROVIDERS)[number]['id'];

export function isIdentityProvider(value: unknown): value is IdentityProviderId {
  return IDENTITY_PROVIDERS.some((p) => p.id === value);
}

/**
 * The identity provider of a session resumed with an SMS code (ADR 0012): weaker than bank
 * identification, so it may not change SMS login or the contact phone and e-mail (ADR 0047).
 */
export const SMS_CODE_PROVIDER = 'sms-code';
