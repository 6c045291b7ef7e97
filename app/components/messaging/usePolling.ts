/**
 * Refreshes the page's loader data every `intervalMs` while the page is visible (and once when
 * it becomes visible again after the interval). Stops when `enabled` is false (e.g. after a
 * failure, spec 1 §8). Without JS nothing polls: the page shows a Refresh link instead.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

export function usePolling(intervalMs: number, enabled = true) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    let last = performance.now();
    const tick = () => {
      if (document.visibilityState !== 'visible') return;
      last = performance.now();
      void revalidate();
    };
    const timer = window.setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && performance.now() - last >= intervalMs) tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs, enabled, revalidate]);
}
