/**
 * Inside the mobile app's web view, an external https link goes to the native app
 * (`ReactNativeWebView.postMessage`), which opens it in the system browser.
 */
export function installInAppBridge(doc: Document): void {
  doc.addEventListener('click', (e) => {
    const bridge = (window as unknown as { ReactNativeWebView?: { postMessage(m: string): void } }).ReactNativeWebView;
    const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!bridge || e.defaultPrevented || !(a instanceof HTMLAnchorElement)) return;
    const url = new URL(a.href, window.location.href);
    if (url.protocol !== 'https:' || url.origin === window.location.origin) return;
    e.preventDefault();
    bridge.postMessage(JSON.stringify({ type: 'openExternalUrl', url: url.href }));
  });
}
