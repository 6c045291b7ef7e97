/**
 * The appointment kinds and the private price list: pure data the reservation service copies
 * into each appointment (and the demo seed uses, so demo and real bookings agree).
 */

type Names = { fi: string; sv: string; en: string };
const names = (fi: string, sv: string, en: string): Names => ({ fi, sv, en });

/** Appointment kinds (kindId → name). VETA is a video appointment. */
export const KINDS = {
  VAS: names('Vastaanottokäynti', 'Mottagningsbesök', 'Clinic visit'),
  VETA: names('Videovastaanotto', 'Videomottagning', 'Video appointment'),
  PUH: names('Puhelinvastaanotto', 'Telefonmottagning', 'Phone appointment'),
  KOR: names('Koronatesti', 'Coronatest', 'Covid-19 test'),
} as const satisfies Record<string, Names>;

export type KindId = keyof typeof KINDS;

const BASE_CENTS: Record<string, number> = {
  YLE: 8900,
  SH: 4900,
  FYS: 7500,
  LAS: 11900,
  IHO: 14900,
  KNK: 13900,
  PSY: 11000,
  ENDO: 16900,
  GYN: 15900,
  NNA: 9500,
  GRG: 14900,
  ROKT: 3500,
  TTH: 8900,
};
const DEFAULT_BASE_CENTS = 8900;

/** A private visit's price estimate: a base rate by specialty plus fixed fees (cents). */
export function priceFor(specialtyId: string, locationType: string) {
  const base = BASE_CENTS[specialtyId] ?? DEFAULT_BASE_CENTS;
  const remote = locationType !== 'physicalLocation';
  return {
    code: `${specialtyId}-${remote ? 'ETA' : 'VAS'}`,
    name: remote ? names('Etävastaanotto', 'Distansmottagning', 'Remote appointment') : names('Vastaanottokäynti', 'Mottagningsbesök', 'Clinic visit'),
    cents: remote ? Math.round(base * 0.85) : base,
    additionalFees: [
      { code: 'TOIM', name: names('Toimistomaksu', 'Expeditionsavgift', 'Office fee'), cents: 1290 },
      ...(remote ? [] : [{ code: 'TILA', name: names('Tilamaksu', 'Lokalavgift', 'Facility fee'), cents: 500 }]),
    ],
  };
}
