/**
 * The access log's vocabulary (issue 23, ADR 0033), shared by the schema, the services that write
 * the log and the page that shows it to the patient: who acted (the actor's kind), why (a reason
 * code, never free text), and the pure rules that turn a row into what the patient reads.
 * Client-safe: no database, no `*.server`.
 */

/**
 * Who acted on the subject's data:
 * - `patient`: the subject themselves;
 * - `guardian`: a guardian acting for their ward;
 * - `mandate`: an adult acting for the subject on a Suomi.fi mandate (ADR 0050);
 * - `professional`: a professional in the staff area (`actor_person_id` is their `professionals.person_id`);
 * - `customer-service`: the provider's customer service acting on the patient's request;
 * - `system`: one of the portal's own jobs (e.g. a payment's status from the provider);
 * - `anonymous`: someone who did not log in (the appointment's link, a reservation without login).
 */
export const ACTOR_KINDS = ['patient', 'guardian', 'professional', 'customer-service', 'system', 'anonymous', 'mandate'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** Why someone other than the patient handled the data, where the writer knows it. */
export const ACCESS_REASONS = ['message-handling', 'care', 'patient-request', 'billing'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/** The resource of the page that shows a person their access log (its views are logged too). */
export const ACCESS_LOG_RESOURCE = 'access-log';

/**
 * The actor's kind when the writer does not name it: nobody identified is `anonymous`, the
 * subject acting on their own data is `patient`, and anyone else a patient-facing page lets act
 * for the subject is their `guardian` (the viewer rules allow nobody else). Professionals,
 * customer service and jobs always name their kind.
 */
export function defaultActorKind(entry: { actorPersonId: string | null; subjectPersonId: string | null }): ActorKind {
  if (entry.actorPersonId === null) return 'anonymous';
  if (entry.actorPersonId === entry.subjectPersonId) return 'patient';
  return 'guardian';
}

/**
 * The kind of a row written before the kind was recorded (`actor_kind` null, ADR 0033): a
 * professional's person id is known from `professionals`, everything else as `defaultActorKind`.
 */
export function storedActorKind(row: {
  actorKind: string | null;
  actorPersonId: string | null;
  subjectPersonId: string | null;
  actorIsProfessional: boolean;
}): ActorKind {
  if (row.actorKind !== null && (ACTOR_KINDS as readonly string[]).includes(row.actorKind)) return row.actorKind as ActorKind;
  if (row.actorPersonId !== null && row.actorPersonId !== row.subjectPersonId && row.actorIsProfessional) return 'professional';
  return defaultActorKind(row);
}

export function isAccessReason(value: string | null): value is AccessReason {
  return value !== null && (ACCESS_REASONS as readonly string[]).includes(value);
}

/** What kind of data a row is about, as the patient reads it ("what"); from `resource`. */
export const RECORD_TYPES = [
  'session',
  'contact',
  'guardians',
  'kelaCard',
  'smsLogin',
  'registration',
  'consent',
  'appointment',
  'invoice',
  'messages',
  'employeeMemo',
  'prescription',
  'prescriptionRenewal',
  'referral',
  'laboratory',
  'imaging',
  'visit',
  'vaccination',
  'certificate',
  'questionnaire',
  'insurance',
  'file',
  'frontPage',
  'accessLog',
  'other',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Exact resources; then the prefixes (`appointment:…`, `insurance:…`) and suffixes (`…-referral`) below. */
const RESOURCE_TYPES: Record<string, RecordType> = {
  session: 'session',
  'session:sms-code': 'session',
  'person:contact': 'contact',
  'person:guardians': 'guardians',
  'person:guardianships': 'guardians',
  'person:kela-card': 'kelaCard',
  'person:sms-login': 'smsLogin',
  'person:registration': 'registration',
  'person:patient-data-consent': 'consent',
  'person:confidentiality': 'consent',
  appointment: 'appointment',
  invoices: 'invoice',
  invoice: 'invoice',
  'invoice-pdf': 'invoice',
  'messaging-thread': 'messages',
  'employee-memo': 'employeeMemo',
  prescription: 'prescription',
  'prescription-renewal': 'prescriptionRenewal',
  'lab-result-day': 'laboratory',
  'lab-test': 'laboratory',
  'imaging-result': 'imaging',
  visit: 'visit',
  vaccination: 'vaccination',
  'sick-leave-certificate': 'certificate',
  'sick-leave-certificate:pdf': 'certificate',
  questionnaire: 'questionnaire',
  'questionnaire-list': 'questionnaire',
  'stored-object': 'file',
  [ACCESS_LOG_RESOURCE]: 'accessLog',
};

export function recordTypeOf(resource: string): RecordType {
  const exact = RESOURCE_TYPES[resource];
  if (exact) return exact;
  // The front page's feed logs what it shows as `feed:<resource>`.
  if (resource.startsWith('feed:')) {
    const shown = recordTypeOf(resource.slice('feed:'.length));
    return shown === 'other' ? 'frontPage' : shown;
  }
  if (resource.startsWith('appointment:')) return 'appointment';
  if (resource.startsWith('insurance:')) return 'insurance';
  if (resource.endsWith('-referral')) return 'referral';
  return 'other';
}

/** What was done ("view", "change", …); anything a newer writer adds reads as "handled". */
export const ACCESS_ACTIONS = ['view', 'change', 'create', 'login', 'logout', 'refused'] as const;
export type AccessActionView = (typeof ACCESS_ACTIONS)[number] | 'other';

export function actionOf(action: string): AccessActionView {
  return (ACCESS_ACTIONS as readonly string[]).includes(action) ? (action as AccessActionView) : 'other';
}

/**
 * Who, as the page says it: `you` (the viewer, whether the patient or their guardian), `subject`
 * (the patient themselves, on a guardian's view of a ward's log), a guardian by name, a
 * professional by name and role, customer service, the portal's jobs, or someone not identified.
 */
export type WhoView =
  | { kind: 'you' }
  | { kind: 'subject'; name: string }
  | { kind: 'guardian'; name: string | null }
  | { kind: 'mandate'; name: string | null }
  | { kind: 'professional'; name: string | null; role: string | null }
  | { kind: 'customer-service' }
  | { kind: 'system' }
  | { kind: 'anonymous' };

export function whoOf(
  row: { actorKind: ActorKind; actorPersonId: string | null; actorName: string | null; actorRole: string | null },
  viewer: { personId: string; subjectName: string },
): WhoView {
  switch (row.actorKind) {
    case 'patient':
      return row.actorPersonId === viewer.personId ? { kind: 'you' } : { kind: 'subject', name: viewer.subjectName };
    case 'guardian':
      return row.actorPersonId === viewer.personId ? { kind: 'you' } : { kind: 'guardian', name: row.actorName };
    case 'mandate':
      return row.actorPersonId === viewer.personId ? { kind: 'you' } : { kind: 'mandate', name: row.actorName };
    case 'professional':
      return { kind: 'professional', name: row.actorName, role: row.actorRole };
    case 'customer-service':
    case 'system':
    case 'anonymous':
      return { kind: row.actorKind };
  }
}

/** One line of the page: consecutive rows of one act (one page view of a list logs every item shown) grouped. */
export interface AccessLogEntryView {
  /** The first row's id (a React key). */
  id: number;
  /** When, in Helsinki time, formatted by the server in the page language. */
  atText: string;
  /** The instant as ISO 8601 (the `<time datetime>`). */
  at: string;
  who: WhoView;
  action: AccessActionView;
  type: RecordType;
  /** How many items of the type the act covered (1 for a single item or a list view). */
  count: number;
  /** The item when it is a day (a lab result day), formatted; otherwise null. */
  itemText: string | null;
  reason: AccessReason | null;
}

/** Rows grouped into one line: the same instant, actor, act, type and reason (one logging call). */
export function sameAct(
  a: { at: string; actorPersonId: string | null; actorKind: ActorKind; action: string; resource: string; reason: string | null },
  b: { at: string; actorPersonId: string | null; actorKind: ActorKind; action: string; resource: string; reason: string | null },
): boolean {
  return (
    a.at === b.at &&
    a.actorPersonId === b.actorPersonId &&
    a.actorKind === b.actorKind &&
    a.action === b.action &&
    a.resource === b.resource &&
    a.reason === b.reason
  );
}
