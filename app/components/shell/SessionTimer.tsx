/**
 * The session timer itself is the page script's (components/shell/page-script.server.ts), which
 * every page gets, hydrated or not. A hydrated page navigates without loading a document: each
 * navigation revalidates the root loader, whose new time left this hands to the script. (The
 * first render's value is the one the script started with.)
 */
import { useEffect, useRef } from 'react';

declare global {
  interface Window {
    portalPage?: { session?: (ms: number | null) => void };
  }
}

export function SessionTimer({ expiresInMs }: { expiresInMs: number | null }) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.portalPage?.session?.(expiresInMs);
  }, [expiresInMs]);
  return null;
}
