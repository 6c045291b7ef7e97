/** Per-brand facts. The active brand is chosen by the BRAND environment variable (server). */
import { children } from './children';
import { general } from './general';
import type { Brand, BrandKey } from './types';

export const BRANDS: Record<BrandKey, Brand> = { general, children };

export function brand(key: BrandKey): Brand {
  return BRANDS[key];
}

export type { Brand, BrandKey } from './types';
