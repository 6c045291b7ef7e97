/**
 * The browser library (ADR 0009): the only code that runs in the browser. React renders every
 * page on the server; this enhances the HTML. The build compiles it for browsers and minifies it
 * (`browser-build.config.ts`); entry.server.tsx inlines it, nonce'd, in every page, followed by
 * `portalPage.start(config)` with the page's `PageConfig`.
 *
 * Document-wide behaviours listen on the document (they see markup added later); element
 * behaviours start on every element that has their data attribute (attributes.ts), now and
 * whenever markup is added (a poll's new render).
 */
import { installAutoSubmit } from './auto-submit';
import { startBehaviours, watch } from './behaviours';
import { installBlurWarnings } from './blur-warning';
import { installCounters } from './counter';
import { installDialogs } from './dialog';
import { registerFlash } from './flash';
import { registerFollowUps } from './follow-ups';
import { installInAppBridge } from './in-app';
import { registerKelaUpload } from './kela-upload';
import { installNeedsValid } from './needs-valid';
import { installPending } from './pending';
import { registerPhone } from './phone';
import { registerPolling } from './poll';
import { registerScrollToLast } from './scroll-to-last';
import { startSession, type SessionConfig } from './session';
import { registerSelectAll } from './select-all';
import { registerSsnBoxes } from './ssn-boxes';
import { registerAttachmentSize } from './attachment-size';

/** What the server tells the page's script, as JSON. */
export interface PageConfig {
  session: SessionConfig | null;
  inApp: boolean;
  pollHeader: string;
}

export function start(c: PageConfig): void {
  const doc = document;
  startSession(c.session);
  if (c.inApp) installInAppBridge(doc);
  installPending(doc);
  installDialogs(doc);
  installAutoSubmit(doc);
  // Counters before needs-valid: a count past the limit makes the field invalid first.
  installCounters(doc);
  registerFollowUps();
  installNeedsValid(doc);
  installBlurWarnings(doc);
  registerFlash();
  registerPolling(c.pollHeader);
  registerSsnBoxes();
  registerAttachmentSize();
  registerSelectAll();
  registerPhone();
  registerKelaUpload();
  registerScrollToLast();
  const go = () => {
    startBehaviours(doc);
    watch(doc);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', go);
  else go();
}
