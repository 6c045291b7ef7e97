/**
 * The occupational care team of a customer (spec 2 §2 "Occupational healthcare team"): the
 * employer contract's responsible professionals, each with their current or next absence and
 * substitute. The same data decides whom the customer can message (`recipientOptions`) and who
 * on the professionals' side may open the customer's threads (`teamAccessIds`).
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { occupationalCareTeam, occupationalContracts, persons, professionalAbsences, professionals, type Localized } from '~db/schema';
import { helsinkiDate } from '~/lib/dates';
import type { ProfessionalType } from '~/models/messaging/messaging';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';

export interface ProfessionalSummary {
  id: string;
  firstName: string;
  lastName: string;
  title: Localized;
  professionalType: ProfessionalType;
  practitionerId: string | null;
}

export interface AbsencePeriod {
  startDate: string;
  endDate: string;
}

export interface TeamMember extends ProfessionalSummary {
  /** The current absence, or the next one; null when none is recorded. */
  absence: AbsencePeriod | null;
  /** Absent today (so messages go to the substitute). */
  absentToday: boolean;
  /** Who stands in during `absence` (the first substitute who is not absent themself). */
  substitute: ProfessionalSummary | null;
}

export interface CareTeam {
  contractId: string;
  employerName: string;
  members: TeamMember[];
}

export interface RecipientOption {
  /** Who receives the thread: the member, or their substitute while they are absent. */
  recipient: ProfessionalSummary;
  /** The absent member the recipient stands in for. */
  substituteFor: ProfessionalSummary | null;
}

const summaryColumns = {
  id: professionals.personId,
  firstName: professionals.firstName,
  lastName: professionals.lastName,
  title: professionals.title,
  professionalType: professionals.professionalType,
  practitionerId: professionals.practitionerId,
};

/** Absences that end today or later, of the given professionals, earliest first. */
async function currentAndNextAbsences(db: Db, professionalIds: readonly string[], today: string) {
  if (professionalIds.length === 0) return [];
  return db
    .select()
    .from(professionalAbsences)
    .where(and(inArray(professionalAbsences.professionalId, [...professionalIds]), gte(professionalAbsences.endDate, today)))
    .orderBy(asc(professionalAbsences.startDate), asc(professionalAbsences.id));
}

const isAbsentOn = (absence: AbsencePeriod, day: string) => absence.startDate <= day && day <= absence.endDate;

/** The customer's care team; null when the person has no occupational contract. */
export async function careTeamOf(db: Db, personId: string, now = clock.now()): Promise<CareTeam | null> {
  const [contract] = await db
    .select({ id: occupationalContracts.id, employerName: occupationalContracts.employerName })
    .from(persons)
    .innerJoin(occupationalContracts, eq(occupationalContracts.id, persons.occupationalContractId))
    .where(eq(persons.id, personId))
    .limit(1);
  if (!contract) return null;
  return careTeamOfContract(db, contract, now);
}

/**
 * The care team of an employer contract (a customer's, or a client company's for its HR users'
 * threads, ADR 0042), with each member's current or next absence and substitute.
 */
export async function careTeamOfContract(db: Db, contract: { id: string; employerName: string }, now = clock.now()): Promise<CareTeam> {
  const today = helsinkiDate(now);
  const rows = await db
    .select(summaryColumns)
    .from(occupationalCareTeam)
    .innerJoin(professionals, eq(professionals.personId, occupationalCareTeam.professionalId))
    .where(and(eq(occupationalCareTeam.contractId, contract.id), eq(professionals.active, true)))
    .orderBy(asc(occupationalCareTeam.position), asc(professionals.lastName), asc(professionals.firstName));
  const absences = await currentAndNextAbsences(
    db,
    rows.map((r) => r.id),
    today,
  );
  const substituteIds = [...new Set(absences.flatMap((a) => a.substituteIds))];
  const substitutes = substituteIds.length
    ? await db
        .select(summaryColumns)
        .from(professionals)
        .where(and(inArray(professionals.personId, substituteIds), eq(professionals.active, true)))
    : [];
  const substituteAbsences = await currentAndNextAbsences(
    db,
    substitutes.map((s) => s.id),
    today,
  );
  const members = rows.map((member): TeamMember => {
    const absence = absences.find((a) => a.professionalId === member.id) ?? null;
    let substitute: ProfessionalSummary | null = null;
    if (absence) {
      for (const id of absence.substituteIds) {
        const candidate = substitutes.find((s) => s.id === id);
        // A substitute who is away during the same period cannot stand in.
        const away = substituteAbsences.some((a) => a.professionalId === id && a.startDate <= absence.endDate && a.endDate >= absence.startDate);
        if (candidate && !away) {
          substitute = candidate;
          break;
        }
      }
    }
    return {
      ...member,
      absence: absence ? { startDate: absence.startDate, endDate: absence.endDate } : null,
      absentToday: absence ? isAbsentOn(absence, today) : false,
      substitute,
    };
  });
  return { contractId: contract.id, employerName: contract.employerName, members };
}

/**
 * Whom the customer can write to: each team member, or their substitute while they are absent
 * (an absent member without a substitute is left out). One option per recipient.
 */
export function recipientOptions(team: CareTeam | null): RecipientOption[] {
  if (!team) return [];
  const options: RecipientOption[] = [];
  for (const member of team.members) {
    const { absence: _a, absentToday, substitute, ...summary } = member;
    const option: RecipientOption | null = !absentToday
      ? { recipient: summary, substituteFor: null }
      : substitute
        ? { recipient: substitute, substituteFor: summary }
        : null;
    if (option && !options.some((o) => o.recipient.id === option.recipient.id)) options.push(option);
  }
  return options;
}

/**
 * The recipient of a new thread: the chosen one (a member's id leads to their substitute while
 * they are absent), or by default the first nurse, else the first available member. Null when
 * the choice is not in the team, or nobody is available.
 */
export function chooseRecipient(team: CareTeam | null, chosenId?: string | null): RecipientOption | null {
  const options = recipientOptions(team);
  if (chosenId) {
    return options.find((o) => o.recipient.id === chosenId) ?? options.find((o) => o.substituteFor?.id === chosenId) ?? null;
  }
  return options.find((o) => o.recipient.professionalType === 'Nurse') ?? options[0] ?? null;
}

/** The professionals who may open the customer's threads: the team and today's substitutes. */
export function teamAccessIds(team: CareTeam | null): string[] {
  if (!team) return [];
  const ids = new Set<string>();
  for (const member of team.members) {
    ids.add(member.id);
    if (member.absentToday && member.substitute) ids.add(member.substitute.id);
  }
  return [...ids];
}

/** Active triage professionals: they open threads of customers who have no care team. */
export async function triageProfessionalIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: professionals.personId })
    .from(professionals)
    .where(and(eq(professionals.triage, true), eq(professionals.active, true)));
  return rows.map((r) => r.id);
}
