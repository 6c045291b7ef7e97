/**
 * The compiled library's entry: the server wraps the bundle as
 * `(function(PORTAL_PAGE){…})(<PageConfig JSON>)` (components/shell/page-script.server.ts sends it).
 */
import { start, type PageConfig } from './index';

declare const PORTAL_PAGE: PageConfig;
start(PORTAL_PAGE);
