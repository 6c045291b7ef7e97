/**
 * Whether a form passes its native constraints (the zod schema's, rendered as HTML attributes
 * through conform's `getZodConstraint`), re-checked on every change: the React side of a
 * `data-needs-valid` submit button (a plain page's script does the same, ADR 0009), for a form
 * React renders after a client navigation. No zod in the browser. Before React runs the answer
 * is `null`: without JavaScript the button stays enabled and the server answers with the
 * schema's own errors.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useNativeValidity() {
  const ref = useRef<HTMLFormElement>(null);
  const [valid, setValid] = useState<boolean | null>(null);
  const check = useCallback(() => {
    if (ref.current) setValid(ref.current.checkValidity());
  }, []);
  useEffect(check, [check]);
  return { ref, valid, check };
}
