/**
 * POST /api/reserve-appointment?csrfToken=… (spec 3 §7): the logged-in user's reservation for
 * themself, with appointmentId (the free time's id), phone, emailAddress and bindingApproved;
 * with isOccupationalHealthcare: true on their employer's agreement (contractConfirmed: the
 * agreement's confirmation; noOccupationalHealthcare / noWebReservation when it does not allow).
 * With isInsuranceCustomer: true (or an insuranceConceptCode / dcpContentHash) the insurer pays
 * (ADR 0022): insuranceConceptCode must be recorded for the person (POST /api/concepts),
 * dcpContentHash one of their LähiTapiola permits, description optional (max 500); a refused
 * treatment chain answers treatmentChainCreationFailed and books nothing.
 * Answers {type: 'success', reservationDetails} or {type}: noPatient (register first),
 * patientDataConsentRequired (consent form first), notCreditworthy, appointmentNotAvailable,
 * tooManyReservations, validation (with `fields`) or unknownError.
 */
import { portalContext, requestInfoContext } from '~/context';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { payerOfFlags } from '~/services/booking/payers/payer-rules';
import { reserveAsUser } from '~/services/booking/reservation.server';
import { parseSlotId } from '~/services/booking/reservation-rules';
import { getDb } from '~/services/db/db.server';
import { checkbox, reservationAnswer } from './reserve-answer';
import type { Route } from './+types/reserve-appointment';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const body = await readBody(request);
  const slotId = parseSlotId(body.appointmentId);
  if (!slotId) return json({ type: 'appointmentNotAvailable' }, 404);
  const { lang, brand, inApp } = context.get(portalContext);
  const insurance = checkbox(body.isInsuranceCustomer) || Boolean(body.insuranceConceptCode) || Boolean(body.dcpContentHash);
  const result = await reserveAsUser(
    await getDb(),
    auth,
    {
      slotId,
      phone: body.phone,
      emailAddress: body.emailAddress,
      bindingApproved: checkbox(body.bindingApproved),
      contractConfirmed: checkbox(body.contractConfirmed),
      ...(insurance
        ? { insurance: { insuranceConceptCode: body.insuranceConceptCode, dcpContentHash: body.dcpContentHash, description: body.description } }
        : {}),
    },
    {
      lang,
      brand,
      inApp,
      origin: context.get(requestInfoContext).origin,
      payer: payerOfFlags({ occupational: checkbox(body.isOccupationalHealthcare), insurance }),
    },
  );
  return reservationAnswer(result);
}
