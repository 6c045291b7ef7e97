import type { ReactNode } from 'react';
import { Links, Meta, Outlet, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { Footer } from '~/components/shell/Footer';
import { ActingForBar } from '~/components/shell/ActingForBar';
import { Header } from '~/components/shell/Header';
import { SideNav } from '~/components/shell/SideNav';
import { FlashMessage } from '~/components/FlashMessage';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { attrs } from '~/browser/markup';
import { PageStyles } from '~/components/PageStyles';
import { buildNavigation } from '~/components/shell/navigation';
import { usePortalEnv } from '~/components/portal-env';
import { authContext, flashContext, portalContext } from '~/context';
import { i18nextMiddleware } from '~/i18n/i18n.server';
import { portalMiddleware, sessionMiddleware } from '~/middleware/portal.server';
import { pageOfMatches } from '~/route-match';
import { languageOfPath, PAGES, type Chrome, type PageDefinition } from '~/route-table';
import { clock } from '~/lib/clock.server';
import { sessionExpiresAt } from '~/services/auth/session.server';
import { navigationUnreadCount } from '~/services/messaging/conversations.server';
import '~/styles/global.css';
import { themeClass } from '~/styles/theme.css';
import * as shell from '~/styles/shell.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/root';

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, sessionMiddleware, portalMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const portal = context.get(portalContext);
  const auth = context.get(authContext);
  // The side navigation is built here, so its rules and the whole route table's flags stay on the
  // server; the browser gets the entries (ADR 0009).
  const navigation = auth
    ? buildNavigation({
        lang: portal.lang,
        brand: portal.brand,
        features: auth.features,
        isOccupational: auth.person.occupationalContractId !== null,
        isHrUser: auth.isHrUser,
        unreadMessages: await navigationUnreadCount(auth, portal.brand),
      })
    : [];
  return {
    navigation,
    lang: portal.lang,
    csrfToken: portal.csrfToken,
    inApp: portal.inApp,
    flash: context.get(flashContext),
    user: auth
      ? {
          firstName: auth.person.firstName,
          lastName: auth.person.lastName,
          isPatient: auth.person.isPatient,
        }
      : null,
    // Whom the person acts for on a Suomi.fi mandate (ADR 0050), shown under the header on every page.
    actingFor: auth?.actingFor ? { name: `${auth.actingFor.person.firstName} ${auth.actingFor.person.lastName}`, issues: auth.actingFor.issues } : null,
    // The company the person represents on a YPA mandate (ADR 0050), likewise on every page.
    actingForCompany: auth?.actingForCompany?.name ?? null,
    // Relative, so a browser whose clock is off (or a test server's PORTAL_NOW) times it right.
    sessionExpiresInMs: auth ? Math.max(0, sessionExpiresAt(auth.session).getTime() - clock.nowMs()) : null,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { t } = useTranslation();
  const { brand: brandKey } = usePortalEnv();
  const brand = brandFacts(brandKey);
  const location = useLocation();
  const matches = useMatches();

  const lang = data?.lang ?? languageOfPath(location.pathname) ?? 'fi';
  const page = pageOfMatches(matches);
  const definition = page ? (PAGES[page.key] as PageDefinition) : null;
  const chrome: Chrome = definition?.chrome ?? 'full';
  const user = data?.user ?? null;
  const showHeader = !data?.inApp && chrome !== 'bare';
  // The full-width appointment lists and the bare pages have no footer (spec 1 §2).
  const showFooter = !data?.inApp && (chrome === 'full' || chrome === 'wide');
  const showSideNav = Boolean(user) && chrome === 'full';
  const navigation = showSideNav && data ? data.navigation : [];

  return (
    <html
      lang={lang}
      className={themeClass[brandKey]}
      data-brand={brandKey}
      // Server-rendered HTML, enhanced by the page script only (ADR 0009); tests wait for it.
      data-static="true"
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.themeColor} />
        <Meta />
        {/* Production inlines the page's CSS; development keeps React Router's links (critical CSS). */}
        {import.meta.env.DEV ? <Links /> : <PageStyles />}
      </head>
      <body>
        <AuthenticityTokenProvider token={data?.csrfToken ?? ''}>
          <div className={ui.page}>
            <a className={ui.skipLink} href="#main">
              {t('chrome.skipToContent')}
            </a>
            {showHeader ? (
              <Header
                brand={brand}
                lang={lang}
                user={user}
                variant={chrome === 'minimal' ? 'minimal' : 'full'}
                occupational={definition?.theme === 'occupational'}
              />
            ) : null}
            {showHeader && user ? (
              <ActingForBar
                acting={data?.actingFor ?? null}
                company={data?.actingForCompany ?? null}
                offerStart={brandKey === 'general' && page?.key === 'front'}
              />
            ) : null}
            <div className={ui.body}>
              {showSideNav ? <SideNav entries={navigation} lang={lang} userName={`${user!.firstName} ${user!.lastName}`.trim()} /> : null}
              <main id="main" className={ui.main} tabIndex={-1}>
                <FlashMessage flash={data?.flash ?? null} />
                {children}
              </main>
            </div>
            {showFooter ? <Footer brand={brand} lang={lang} /> : null}
          </div>
          {/* The page script's toasts (session warnings, app/browser/session.ts). */}
          <div className={shell.toastRegion} role="status" aria-live="polite" {...attrs({ toasts: true, toastClass: shell.toast })} />
        </AuthenticityTokenProvider>
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Every failure's page; the error has been reported already (entry.server's handleError). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
