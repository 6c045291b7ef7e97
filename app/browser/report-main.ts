/**
 * The error reporter's entry, compiled separately and sent only when a DSN is configured
 * (`(function(PORTAL_REPORT){…})(<ReportConfig JSON>)`, components/shell/page-script.server.ts).
 */
import { installReporter, type ReportConfig } from './reporter';

declare const PORTAL_REPORT: ReportConfig;
installReporter(PORTAL_REPORT);
