/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): a fresh family in the built-in
 * population register (ADR 0023), so each guardian test has its own.
 * GET /dev/test-fixtures/family[?children=1][&guardianPatient=1]
 * The guardian is in the register and (with guardianPatient=1, the default) one of our patients
 * with the patient data consent, a phone and an e-mail; the children (ages 6 and 9) are in the
 * register only, until the guardian identifies. Answers {guardian: {identityCode, firstName,
 * lastName}, children: [{firstName, lastName}]}. Uses the same factories as the seed.
 */
import { randomInt } from 'node:crypto';
import { addRegisterFamily, createPerson } from '~db/factories';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { getDb } from '~/services/db/db.server';
import { freeIdentityCode } from '~/services/people/free-identity-code.server';
import { clock } from '~/lib/clock.server';
import { helsinkiDate } from '~/lib/dates';
import type { Route } from './+types/test-family';

const CHILD_NAMES = ['Onni', 'Siiri', 'Elmo', 'Helmi', 'Toivo', 'Aino'];

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const params = new URL(request.url).searchParams;
  const count = Math.min(Math.max(Number(params.get('children') ?? 1) || 1, 1), 2);
  const db = await getDb();
  const year = Number(helsinkiDate(clock.now()).slice(0, 4));
  const lastName = `Perhe${randomInt(100_000)}`;
  const guardian = {
    identityCode: await freeIdentityCode(db, `${1975 + randomInt(20)}-0${1 + randomInt(9)}-1${randomInt(10)}`),
    firstName: 'Testi',
    lastName,
    streetAddress: 'Perhepolku 1',
    postalCode: '00100',
    postOffice: 'Helsinki',
  };
  const children = [];
  for (let i = 0; i < count; i++) {
    const birthDate = `${year - (i === 0 ? 6 : 9)}-0${1 + randomInt(9)}-1${randomInt(10)}`;
    children.push({ identityCode: await freeIdentityCode(db, birthDate), firstName: CHILD_NAMES[randomInt(CHILD_NAMES.length)]!, lastName });
  }
  await addRegisterFamily(db, guardian, children);
  if (params.get('guardianPatient') !== '0') {
    await createPerson(db, {
      ...guardian,
      email: 'testi.huoltaja@example.fi',
      phone: '+358401239999',
      confidentialityAcceptedAt: clock.now(),
      patientDataConsentUpdatedAt: clock.now(),
    });
  }
  return json({
    guardian: { identityCode: guardian.identityCode, firstName: guardian.firstName, lastName },
    children: children.map((c) => ({ firstName: c.firstName, lastName: c.lastName })),
  });
}
