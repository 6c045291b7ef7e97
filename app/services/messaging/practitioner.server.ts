/**
 * The practitioner page's facts (spec 2 §3: each responsible doctor and nurse of the occupational
 * healthcare team links to a practitioner page; ADR 0041): a professional of the customer's own
 * care team, or the substitute standing in for one, with what the portal knows of them. Name,
 * title and the languages they serve in (`professionals`); the clinics they work at and what the
 * customer can book with them (the booking calendar's practitioner: its specialties that the
 * customer's agreement covers). Anyone else's id, or an unknown one, is null (the page's 404), so
 * the page tells nothing about professionals outside the customer's team.
 */
import { and, asc, eq } from 'drizzle-orm';
import { clinics, occupationalContractSpecialties, practitionerClinics, practitionerSpecialties, professionals, specialties, type Localized } from '~db/schema';
import type { Language } from '~/i18n/config';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { careTeamOf, type AbsencePeriod, type ProfessionalSummary } from './care-team.server';

export interface PractitionerFacts {
  id: string;
  firstName: string;
  lastName: string;
  title: Localized;
  professionalType: ProfessionalSummary['professionalType'];
  languages: Language[];
  /** The clinics they work at (physical ones, by name) and whether they also see patients remotely. */
  clinics: { id: string; name: string; municipality: string }[];
  remote: boolean;
  /** The booking calendar's id, when they take appointments. */
  practitionerId: string | null;
  /** What the customer can book with them on their agreement (specialty ids and names). */
  bookable: { id: string; name: Localized }[];
  /** Their current or next absence and who stands in, as on the team page. */
  absence: AbsencePeriod | null;
  substitute: { id: string; firstName: string; lastName: string } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The practitioner page of `professionalId` for the customer `personId`, or null when it is not theirs to see. */
export async function practitionerOfTeam(db: Db, personId: string, professionalId: string, now = clock.now()): Promise<PractitionerFacts | null> {
  if (!UUID.test(professionalId)) return null;
  const team = await careTeamOf(db, personId, now);
  if (!team) return null;
  const member = team.members.find((m) => m.id === professionalId);
  const standsIn = team.members.find((m) => m.substitute?.id === professionalId)?.substitute ?? null;
  const summary: ProfessionalSummary | null = member ?? standsIn;
  if (!summary) return null;

  const [row] = await db.select({ languages: professionals.languages }).from(professionals).where(eq(professionals.personId, summary.id));
  const practitionerId = summary.practitionerId;
  const [clinicRows, bookable] = practitionerId
    ? await Promise.all([
        db
          .select({ id: clinics.id, name: clinics.name, municipality: clinics.municipality, isRemote: clinics.isRemote })
          .from(practitionerClinics)
          .innerJoin(clinics, eq(clinics.id, practitionerClinics.clinicId))
          .where(eq(practitionerClinics.practitionerId, practitionerId))
          .orderBy(asc(clinics.name)),
        db
          .select({ id: specialties.id, name: specialties.name })
          .from(practitionerSpecialties)
          .innerJoin(specialties, eq(specialties.id, practitionerSpecialties.specialtyId))
          .innerJoin(
            occupationalContractSpecialties,
            and(
              eq(occupationalContractSpecialties.specialtyId, practitionerSpecialties.specialtyId),
              eq(occupationalContractSpecialties.contractId, team.contractId),
            ),
          )
          .where(eq(practitionerSpecialties.practitionerId, practitionerId))
          .orderBy(asc(specialties.id)),
      ])
    : [[], []];
  const substitute = member?.absence ? member.substitute : null;
  return {
    id: summary.id,
    firstName: summary.firstName,
    lastName: summary.lastName,
    title: summary.title,
    professionalType: summary.professionalType,
    languages: (row?.languages ?? []) as Language[],
    clinics: clinicRows.filter((c) => !c.isRemote).map(({ id, name, municipality }) => ({ id, name, municipality })),
    remote: clinicRows.some((c) => c.isRemote),
    practitionerId,
    bookable,
    absence: member?.absence ?? null,
    substitute: substitute ? { id: substitute.id, firstName: substitute.firstName, lastName: substitute.lastName } : null,
  };
}
