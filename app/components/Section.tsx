/**
 * A titled part of a page: a card whose heading names it for screen readers
 * (`aria-labelledby`). `id` is the heading's id; `level` its rank (2 unless told).
 */
import type { ReactNode } from 'react';
import * as ui from '~/styles/ui.css';

export function Section({
  id,
  title,
  level = 2,
  plain = false,
  children,
}: {
  id: string;
  title: ReactNode;
  level?: 1 | 2 | 3;
  /** Without the card's frame (a part inside a card). */
  plain?: boolean;
  children?: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <section className={plain ? undefined : ui.card} aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {children}
    </section>
  );
}
