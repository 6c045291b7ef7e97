import type { ConfidentialControl } from './confidential';
/** The reason for the visit: at most this many characters (its schema: ./schemas.ts). */
export const ARRIVAL_REASON_MAX = 300;

/** What the browser gets of an appointment (already in the page language; times as ISO). */
export type LocationType = 'physicalLocation' | 'phoneAppointment' | 'videoAppointment' | 'remoteAppointment' | 'meetingAppointment';

export type SelfCheckInStatus = 'allowed' | 'tooEarly' | 'checkedIn' | 'onlyAtReception' | 'statusNotAvailable';

export interface PriceView {
  code: string;
  name: string;
  cents: number;
  /** The amounts as shown in the page language ("123,45 €"), formatted on the server. */
  amount: string;
  additionalFees: { code: string; name: string; cents: number; amount: string }[];
  totalCents: number;
  totalAmount: string;
}

export interface AppointmentView {
  id: number;
  /** The patient, when it is not the viewer (a guardian's ward). */
  patientName: string | null;
  kindId: string;
  kindName: string;
  specialtyName: string;
  isVideo: boolean;
  startAt: string;
  endAt: string;
  /** Start date and time and end time as shown in the page language (Helsinki time), formatted on the server. */
  startText: string;
  endTimeText: string;
  durationMinutes: number;
  isSpecificTime: boolean;
  isRemote: boolean;
  isCovidTest: boolean;
  locationType: LocationType;
  payerType: string;
  clinic: {
    /** The clinic's code (e.g. KA). */
    id: string;
    name: string;
    streetAddress: string | null;
    postalCode: string | null;
    postOffice: string | null;
    arrivalInfo: string | null;
  };
  /** `profilePictureSrc`: the profile picture a page may show (models/booking/practitioner-picture.ts), or null. */
  practitioner: { id: string; name: string; title: string; profilePictureSrc: string | null };
  /** Private care only. */
  price: PriceView | null;
  roomLocation: string | null;
  checkInStatus: SelfCheckInStatus;
  mayCancel: boolean;
  /** Whether online cancellation is still open (the cancellation limit has not passed). */
  cancellableOnline: boolean;
  /**
   * What the practice system's mutability rules (ADR 0051: the IG's AppointmentMutability as last
   * synchronised) forbid the patient online now, besides the portal's own limits; null: nothing.
   */
  practiceSystemForbids: { cancel: boolean; move: boolean } | null;
  /** Whether the appointment had ended when the server made this view (by the app's clock). */
  hasEnded: boolean;
  cancelledBy: 'patient' | 'provider' | null;
  arrivalReason: string | null;
  /** The patient must accept the confidentiality terms before checking in. */
  confidentiality: 'ok' | 'notFilled' | 'notFilledAsAdult';
  /**
   * What the page offers the patient about their guardians (ADR 0034): hide the visit from them,
   * show it again, or say that a professional has hidden it; null when nothing (an adult, a
   * child under 12, or a guardian looking at a ward's appointment).
   */
  guardianControl: ConfidentialControl | null;
}

/** Results of hiding a visit from one's guardians or showing it again (ADR 0034). */
export type ConfidentialResult = 'hidden' | 'shown' | 'notFound' | 'notAllowed';

/** Results of the spec's CancelAppointment call. */
export type CancelResult = 'success' | 'appointmentNotFound' | 'deadlineExceeded' | 'unknownError';

/** Results of the spec's CheckIn call (and the anonymous one's ssnEndPartMismatch / locked). */
export type CheckInResult =
  | 'success'
  | 'alreadyCheckedIn'
  | 'checkInOnlyAtReception'
  | 'confidentialityFormNotFilled'
  | 'confidentialityFormNotFilledAsAdult'
  | 'customerNotFound'
  | 'tooEarly'
  | 'unknownError'
  | 'ssnEndPartMismatch'
  | 'locked';

/** `failed`: the practice system (ADR 0051) did not take it; nothing saved. */
export type ArrivalReasonResult = 'success' | 'notFound' | 'invalid' | 'failed';

/** The text that says what the practice system's rules forbid (ADR 0051), for a page that leaves those actions out. */
export function practiceSystemNotice(forbids: { cancel: boolean; move: boolean }) {
  if (forbids.cancel && forbids.move) return 'appointments.practiceSystem.neither' as const;
  return forbids.cancel ? ('appointments.practiceSystem.notCancellable' as const) : ('appointments.practiceSystem.notMovable' as const);
}
