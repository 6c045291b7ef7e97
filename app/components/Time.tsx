/**
 * Every `<time>` of the portal (lint forbids a bare one): its `datetime` through
 * `htmlDateTime`, so it is always what HTML accepts (at most milliseconds), whatever the data
 * layer's precision.
 */
import type { ReactNode } from 'react';
import { htmlDateTime } from '~/lib/dates';

export function Time({ at, className, children }: { at: Date | string; className?: string; children: ReactNode }) {
  return (
    <time className={className} dateTime={htmlDateTime(at)}>
      {children}
    </time>
  );
}
