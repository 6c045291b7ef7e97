/** Feature flags of the spec (overview §6). Evaluated on the server; see services/features. */
export const FEATURE_FLAGS = [
  'customer-messaging-enabled',
  'customer-messaging-allowed',
  'sickness-fund-page',
  'is-finnair-sickness-fund-member',
  'pikkutsatti',
  'ohc-appointment-search',
  'price-details',
  'mfa',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export type Features = Record<FeatureFlag, boolean>;
