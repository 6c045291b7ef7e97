/**
 * The page's CSS inlined in the document, so the first response paints on its own (no
 * render-blocking stylesheet requests). Renders, for each CSS file of the matched routes, a
 * nonce'd `<style data-href>` with the file's text: on the server the text comes from
 * `StyleSheetsContext` (entry.server.tsx reads the built files once); a file that cannot be
 * inlined becomes an ordinary `<link rel="stylesheet">`.
 */
import { createContext, useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';
import { useNonce } from '~/components/nonce';

/** Returns a built CSS file's text by its URL path, or undefined when it cannot be inlined. */
export type StyleSheetReader = (href: string) => string | undefined;

/** Without a reader (development), every file is a link. */
export const StyleSheetsContext = createContext<StyleSheetReader>(() => undefined);

export function PageStyles() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const read = useContext(StyleSheetsContext);
  const nonce = useNonce();
  const matches = useMatches();
  const hrefs = [...new Set(matches.flatMap((match) => framework?.manifest.routes[match.id]?.css ?? []))];
  return (
    <>
      {hrefs.map((href) => {
        const css = read(href);
        return css === undefined ? (
          <link key={href} rel="stylesheet" href={href} />
        ) : (
          <style key={href} nonce={nonce} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />
        );
      })}
    </>
  );
}
