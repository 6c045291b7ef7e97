/** Flash expiry: an element with `data-flash-ms` is hidden after that many milliseconds. */
import { FLASH_MS } from './attributes';
import { behaviour } from './behaviours';

export function registerFlash(): void {
  behaviour(`[${FLASH_MS}]`, (el) => {
    setTimeout(() => (el.hidden = true), Number(el.getAttribute(FLASH_MS)));
  });
}
