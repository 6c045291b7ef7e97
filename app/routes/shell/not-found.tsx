/** Every unknown path: a translated 404 inside the normal chrome. */
import { notFound } from '~/lib/http/responses';

export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export { ErrorBoundary } from '~/components/page-exports';
