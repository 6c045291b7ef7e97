/** `/` → the preferred language: the language cookie, then Accept-Language, then Finnish. */
import { redirect } from 'react-router';
import { getLocale } from '~/i18n/i18n.server';
import type { Route } from './+types/language-redirect';

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(`/${getLocale(context)}`);
}
