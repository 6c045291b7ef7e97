/** How long a redirect flow bound to a browser may take (identification, payment and insurer returns). */
export const FLOW_BINDING_TTL_SECONDS = 10 * 60;
