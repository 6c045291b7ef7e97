import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from '~/i18n/translate';
import type { ExportAppointment, ExportLabTest } from '~/models/records/export';
import { fhirSchemaErrors } from '../../../tests/fixtures/fhir';
import { appointmentResource, labDayResources } from './export-fhir.server';

/** Keys as texts: the mapping's own logic is what is tested here. */
const t = ((key: string) => key) as unknown as TFunction;
const patientUrl = 'urn:uuid:00000000-0000-4000-8000-000000000001';
const now = new Date('2026-11-25T10:00:00Z');

const appointment = (over: Partial<ExportAppointment>): ExportAppointment => ({
  id: 1,
  startAt: '2026-11-25T08:00:00.000Z',
  endAt: '2026-11-25T08:30:00.000Z',
  durationMinutes: 30,
  kindName: 'Vastaanotto',
  specialtyName: 'Yleislääketiede',
  practitioner: 'Lauri Lindqvist, Yleislääkäri',
  clinicName: 'Kamppi',
  clinicAddress: 'Urho Kekkosen katu 1, 00100 Helsinki',
  isRemote: false,
  cancelled: false,
  checkedIn: false,
  ...over,
});

const test = (over: Partial<ExportLabTest>): ExportLabTest => ({
  id: 1,
  code: '4000',
  displayName: 'Testi',
  status: 'ready',
  resultNumber: '5.0',
  comparator: null,
  resultText: null,
  unit: 'mmol/l',
  referenceMin: '3.0',
  referenceMax: '6.0',
  isWithinReferenceRange: true,
  description: null,
  additionalResult: null,
  items: [],
  ...over,
});

describe('FHIR export mapping', () => {
  // Compiling the 3 MB schema takes seconds on a busy machine: once, outside the tests' time.
  beforeAll(() => void fhirSchemaErrors({}), 60_000);

  it.each([
    [{}, 'booked'],
    [{ cancelled: true, checkedIn: true }, 'cancelled'],
    [{ checkedIn: true }, 'fulfilled'],
    [{ checkedIn: true, endAt: '2026-11-25T10:30:00.000Z' }, 'checked-in'],
  ] as const)('an appointment %j is %s', (over, status) => {
    const { resource } = appointmentResource(appointment(over), patientUrl, now);
    expect(resource.status).toBe(status);
    expect(fhirSchemaErrors(resource)).toEqual([]);
  });

  it('a remote appointment names no clinic', () => {
    const { resource } = appointmentResource(appointment({ isRemote: true }), patientUrl, now);
    expect(resource.participant).toHaveLength(2);
  });

  it.each([
    [{ resultNumber: '5.0', isWithinReferenceRange: true }, 'N'],
    [{ resultNumber: '7.5', isWithinReferenceRange: false }, 'H'],
    [{ resultNumber: '1.5', isWithinReferenceRange: false }, 'L'],
    [{ resultNumber: null, resultText: 'Positiivinen', isWithinReferenceRange: false }, 'A'],
  ] as const)('interprets %j as %s against the reference range', (over, code) => {
    const [, observation] = labDayResources({ date: '2026-11-01', tests: [test(over)] }, patientUrl, t);
    expect(observation!.resource.interpretation).toEqual([
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code }] },
    ]);
  });

  it('puts a package’s items under it (hasMember) and only the package in the report; a pending test has no value', () => {
    const day = labDayResources(
      {
        date: '2026-11-01',
        tests: [
          test({
            resultNumber: null,
            unit: null,
            referenceMin: null,
            referenceMax: null,
            isWithinReferenceRange: null,
            items: [test({ id: 2 }), test({ id: 3, status: 'sampled', resultNumber: null, isWithinReferenceRange: null })],
          }),
        ],
      },
      patientUrl,
      t,
    );
    const [report, pack, first, second] = day.map((e) => e.resource);
    expect(report!.result).toEqual([{ reference: day[1]!.fullUrl }]);
    expect(report!.status).toBe('partial');
    expect(pack!.hasMember).toEqual([{ reference: day[2]!.fullUrl }, { reference: day[3]!.fullUrl }]);
    expect(first!.valueQuantity).toEqual({ value: 5, unit: 'mmol/l' });
    expect(second!.status).toBe('registered');
    expect(second!.valueQuantity).toBeUndefined();
    expect(second!.interpretation).toBeUndefined();
    for (const e of day) expect(fhirSchemaErrors(e.resource)).toEqual([]);
  });

  it('writes a comparator for results such as < 3', () => {
    const [, observation] = labDayResources({ date: '2026-11-01', tests: [test({ resultNumber: '3', comparator: 'lessThan' })] }, patientUrl, t);
    expect(observation!.resource.valueQuantity).toEqual({ value: 3, unit: 'mmol/l', comparator: '<' });
  });
});
