/**
 * The appointment search's results and form options as the pages and the JSON API get them
 * (client-safe types; app/services/booking/search.server.ts produces them), and the search's
 * filter (its rules are in app/services/booking/search-rules.ts).
 */
import type { LocationType, PayerType } from '../appointments/appointment-types';

/** The times of day the list is split by (spec 3 §5). */
export const TIMES_OF_DAY = ['all', 'morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** The free times of one payer type (the private customers', the agreement's, the insurers'). */
export type SearchPayerType = PayerType;

/** One search (spec 3 §3 filter value, plus the list's paging and time of day). */
export interface SearchFilter {
  /** The list day (Helsinki YYYY-MM-DD); never before today. */
  startDate: string;
  /** Last day of the list window (JSON calls only); null = the start date alone. */
  endDate: string | null;
  clinicIds: string[];
  /** A municipality selects all of its clinics. */
  municipalities: string[];
  practitionerIds: string[];
  specialtyIds: string[];
  includeRemote: boolean;
  time: TimeOfDay;
  offset: number;
  payerType: SearchPayerType;
}

/** What the rules need to know about the reference data. */
export interface SearchRuleData {
  /** Specialties that are typically remote (`specialties.is_remote_type`: PSY, ENDO, GYN, NNA, GRG). */
  remoteSpecialtyIds: readonly string[];
  /** Remote clinics (REMOTE_CLINIC_IDS and any clinic marked remote). */
  remoteClinicIds: readonly string[];
  /** Clinic id → municipality. */
  clinicMunicipality: Readonly<Record<string, string>>;
}

/** One free time, in the shape of the spec's appointment list item (spec 3 §3). */
export interface AvailableAppointment {
  id: number;
  /** Start instant, ISO 8601 (UTC). */
  startDate: string;
  durationMinutes: number;
  isRemote: boolean;
  requiresAuthToReserve: boolean;
  kindId: string;
  locationType: LocationType;
  practitionerId: string;
  /** `cmsContent.profilePicture`: the profile picture a page may show (./practitioner-picture.ts), or null. */
  practitioner: { name: string; title: string; isResource: boolean; cmsContent: { profilePicture: { url: string } | null } };
  clinicId: string;
  clinic: { name: string; municipality: string };
  specialtyId: string;
  specialty: { name: string };
  specialtyData: { specialties: { id: string }[] };
}

/**
 * What a page's list of free times shows of one (AppointmentResults): the page loaders send only
 * this, with the time already formatted in the page language, so the first HTML stays small.
 */
export interface AppointmentListItem {
  id: number;
  /** Start instant, ISO 8601 (UTC), for the `<time>` element. */
  startDate: string;
  /** The start as the list shows it: "17:30", or with the date on lists that span several days. */
  timeText: string;
  durationMinutes: number;
  requiresAuthToReserve: boolean;
  /** The clinic's name, or null for a remote appointment (the list names its kind). */
  clinicName: string | null;
  locationType: LocationType;
  /** The clinic's code (its colour on the children's brand). */
  clinicId: string;
  practitioner: { id: string; name: string; title: string; profilePictureSrc: string | null };
  specialtyName: string;
}

export interface SearchTimings {
  listMs: number;
  nextDatesMs: number;
  alternativesMs: number;
  totalMs: number;
}

export interface SearchAlternatives {
  /** The first free times of the following month (from the day after the list day). */
  nextMonth: AvailableAppointment[];
  /** Free times on the list day in the neighbouring municipalities (and clinics). */
  nearby: { municipalities: string[]; clinicIds: string[]; appointments: AvailableAppointment[] } | null;
  /** The chosen practitioner's clinics, when the clinic choice left them out. */
  practitionerClinicIds: string[] | null;
}

export interface SearchResult {
  type: 'success';
  /** The search as run (clinics implied by a chosen municipality are folded into it). */
  filter: SearchFilter;
  appointments: AvailableAppointment[];
  /** Exactly a page came back, so there may be more (spec 3 §9). */
  hasMore: boolean;
  /** Up to five later days with free times for the same search. */
  nextVacantDates: string[];
  /** Only when nothing was found on the first page. */
  alternatives: SearchAlternatives | null;
  timings: SearchTimings;
}

export interface SearchFormOptions {
  /** Clinics by municipality (Finnish alphabetical order), remote clinics last. */
  clinicGroups: { municipality: string; clinics: { id: string; name: string; isRemote: boolean }[] }[];
  specialties: { id: string; name: string }[];
  /**
   * Practitioners to choose from: those of the chosen specialties and places (all when none is
   * chosen), and always the chosen ones (the place choice does not narrow a chosen practitioner).
   */
  practitioners: { id: string; name: string; title: string }[];
  /** How many practitioners the filter offers in all. */
  practitionerTotal: number;
  /**
   * `practitioners` is everything offered: the browser may narrow it by name itself. When
   * false, the list holds the chosen ones and the matches of `practitionerName` only, and a name
   * search goes to the server (a page of 1 000 names would not fit the HTML budget).
   */
  practitionersComplete: boolean;
  /** The name searched for (the `practitionerName` query parameter), trimmed; '' for none. */
  practitionerName: string;
  rules: SearchRuleData;
}
