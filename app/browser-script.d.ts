/** The browser library's compiled text (browser-build.config.ts). */
declare module 'virtual:portal-browser-script' {
  /** The page script: expects `PORTAL_PAGE` (app/browser/main.ts). */
  export const page: string;
  /** The error reporter: expects `PORTAL_REPORT` (app/browser/report-main.ts). */
  export const report: string;
}
