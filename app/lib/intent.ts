/**
 * Forms that JavaScript enhances carry a hidden `js` field set after hydration; actions answer
 * such fetcher submissions with data and plain form posts with a redirect (post/redirect/get).
 */
export const JS_FIELD = 'js';

export function sentByScript(formData: FormData): boolean {
  return formData.get(JS_FIELD) === '1';
}
