/** A link on a line of its own (back to a list, on to a related page). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function LinkLine({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to}>{children}</Link>
    </p>
  );
}
