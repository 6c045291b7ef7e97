/** The appointment registers' fixed value lists, shared by the schema, the services and the pages. */

export const LOCATION_TYPES = ['physicalLocation', 'phoneAppointment', 'videoAppointment', 'remoteAppointment', 'meetingAppointment'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Who pays for a visit. */
export const PAYER_TYPES = ['self', 'occupationalHealthCare', 'insurance', 'insuranceAndOccupationalHealthCare', 'other'] as const;
export type PayerType = (typeof PAYER_TYPES)[number];

/** On whose decision an appointment is hidden from the patient's guardians (ADR 0034). */
export const CONFIDENTIAL_BY = ['patient', 'professional'] as const;
export type ConfidentialBy = (typeof CONFIDENTIAL_BY)[number];
