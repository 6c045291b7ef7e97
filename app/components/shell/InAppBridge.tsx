import { useEffect } from 'react';

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/**
 * In the mobile app's web view, external https links are handed to the native app, which opens
 * them in the system browser. Outside the app (no bridge) links behave normally.
 */
export function InAppBridge() {
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const bridge = window.ReactNativeWebView;
      if (!bridge || event.defaultPrevented) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.protocol !== 'https:' || url.origin === window.location.origin) return;
      event.preventDefault();
      bridge.postMessage(JSON.stringify({ type: 'openExternalUrl', url: url.href }));
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
