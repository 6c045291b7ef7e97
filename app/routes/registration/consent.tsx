// In progress (booking issue): answers 404 until its page is built.
import { data } from 'react-router';

export function loader() {
  throw data({ error: 'notFound' }, { status: 404 });
}

export default function InProgress() {
  return null;
}
