/**
 * Whether a form's current values pass its schema, re-checked on every change. The reservation
 * and consent pages keep their submit button disabled until then (spec 3 §5, spec 2 §4). Before
 * hydration the answer is `null`: without JavaScript the button stays enabled and the server
 * answers with the same field errors.
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
