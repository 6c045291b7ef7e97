/**
 * Whether a form's current values pass its schema, re-checked on every change. The reservation
 * form keeps its submit button disabled until then (spec 3 §5). Before hydration the answer is
 * `null`: without JavaScript the button stays enabled and the server answers with the same field
 * errors. It runs zod in the browser (ADR 0009: ≈ 24 KB); a form whose rule fits its native
 * constraints uses `useNativeValidity` instead (the consent and contact forms).
 */
import { parseWithZod } from '@conform-to/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZodTypeAny } from 'zod';

export function useFormValidity(schema: ZodTypeAny) {
  const ref = useRef<HTMLFormElement>(null);
  const [valid, setValid] = useState<boolean | null>(null);
  const check = useCallback(() => {
    if (ref.current) setValid(parseWithZod(new FormData(ref.current), { schema }).status === 'success');
  }, [schema]);
  useEffect(check, [check]);
  return { ref, valid, check };
}
