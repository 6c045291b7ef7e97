import { createContext, useContext } from 'react';
import type { BrandKey } from '~/brands';

/**
 * Facts of this deployment the whole React tree needs even when no loader ran (error pages
 * thrown by middleware): the brand. Provided by entry.server from the environment and by
 * entry.client from <html data-brand>.
 */
export const PortalEnvContext = createContext<{ brand: BrandKey }>({ brand: 'general' });

export function usePortalEnv() {
  return useContext(PortalEnvContext);
}
