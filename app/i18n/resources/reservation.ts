/**
 * Texts of reserving an appointment, registration, the new-customer page and the patient data
 * consent page. `en` defines the shape.
 */
const en = {
  reserveTitle: 'Reserve appointment',
  registrationTitle: 'Registration',
  newCustomerTitle: 'Welcome as our customer',
  consentTitle: 'Processing of patient data',
};

export type ReservationTexts = typeof en;

const fi: ReservationTexts = {
  reserveTitle: 'Varaa aika',
  registrationTitle: 'Rekisteröityminen',
  newCustomerTitle: 'Tervetuloa asiakkaaksemme',
  consentTitle: 'Potilastietojen käsittely',
};

const sv: ReservationTexts = {
  reserveTitle: 'Boka tid',
  registrationTitle: 'Registrering',
  newCustomerTitle: 'Välkommen som vår kund',
  consentTitle: 'Behandling av patientuppgifter',
};

export default { en, fi, sv };
