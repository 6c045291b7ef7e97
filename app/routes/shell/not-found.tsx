/** Every unknown path: a translated 404 inside the normal chrome. */
import { data } from 'react-router';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';

export function loader() {
  throw data({ error: 'notFound' }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
