/**
 * What most pages export besides their component (`export { ErrorBoundary, meta } from
 * '~/components/page-exports'`): the title their loader gave as the document's title, and the
 * one error view (GeneralErrorBoundary). A page with another title or error view writes its own.
 */
export { GeneralErrorBoundary as ErrorBoundary } from './GeneralErrorBoundary';

export function meta({ loaderData }: { loaderData?: { title?: string } }) {
  return [{ title: loaderData?.title }];
}
