/**
 * Texts of moving an appointment to another time (issue 24, ADR 0036): the "Change time" action,
 * the search's reschedule notice, the confirm step, the refusals and the confirmation message of
 * the new time. `en` defines the shape. The message carries the time, the place, the service and
 * the anonymous link only: no name, no identity code, no other health data.
 */
const en = {
  button: 'Change time',
  /** The anonymous link's page: changing the time needs strong identification, as cancelling does (issue 39). */
  anonymous: {
    info: 'To change the time, identify yourself first.',
    login: 'Identify and change time',
    tooLate: 'The time can no longer be changed online.',
  },
  search: {
    notice: 'You are choosing a new time for your appointment on {{time}}. Choose a time to see what changes before you confirm.',
    stop: 'Keep the current time',
  },
  confirm: {
    title: 'Change the time',
    intro: 'Check the new time. Your current time is kept until you confirm the change.',
    current: 'Current time',
    next: 'New time',
    changes: 'What changes',
    timeChanged: 'Time: {{from}} → {{to}}',
    placeChanged: 'Place: {{from}} → {{to}}',
    practitionerChanged: 'Practitioner: {{from}} → {{to}}',
    priceChanged: 'Price estimate: {{from}} → {{to}}',
    priceNone: 'no price estimate',
    prepaymentRefund:
      'Payment: the {{sum}} you paid in advance for the remote appointment will be refunded to the account or card you paid with. The new time is paid at its own price.',
    prepaymentCredit: 'Payment: the unpaid invoice of {{sum}} for the remote appointment will be cancelled. The new time is paid at its own price.',
    submit: 'Change the time',
    chooseAnother: 'Choose another time',
    keep: 'Keep the current time',
  },
  success: 'The time has been changed. Your appointment is now {{time}}. A confirmation of the new time is on its way.',
  refusal: {
    failure: 'Failed to change the time{{reason}}. Please call our customer service',
    notFound: 'Appointment not found.',
    notMovable: 'The time of this appointment can no longer be changed.',
    sameTime: 'That is already the time of your appointment. Choose another time.',
    slotNotAvailable: 'That time cannot be chosen for this appointment. Choose another time.',
    slotTaken: 'Someone else has just reserved that time. Choose another time.',
    bindingConsentRequired: 'Confirm that the reservation is binding.',
    notCreditworthy: 'The time cannot be changed online. Please call our customer service',
    noOccupationalHealthcare: 'Your employer’s agreement no longer allows booking this visit online. Please call our customer service',
    noWebReservation: 'Your employer’s agreement no longer allows booking this visit online. Please call our customer service',
    notCovered: 'Your employer’s agreement does not cover this visit any more. Please call our customer service',
    treatmentChainCreationFailed: 'Your insurer did not confirm the new time. Your current time is kept. Please call our customer service',
    remoteNotCovered: 'Your company insurance does not cover remote appointments. Choose a time at a clinic.',
    practiceSystemUnavailable:
      'The time could not be changed right now: our appointment system did not answer. Your current time is kept. Please try again in a moment.',
    unknownError: 'Changing the time failed. Your current time is kept. Please try again or call our customer service',
  },
  message: {
    sms: 'Your appointment has been moved to {{time}}, {{place}} (was {{oldTime}}). Cancel at the latest {{hours}} h before. – {{brand}}',
    smsLink: 'View, check in or cancel: {{link}}',
    emailSubject: 'Your appointment has been moved – {{brand}}',
    emailBody:
      'Hello,\n\nyour appointment has been moved to a new time.\n\nNew time: {{time}}\nPlace: {{place}}\nService: {{service}}\nEarlier time: {{oldTime}}\n\nYou can cancel the appointment online at the latest {{hours}} hours before it. The attached calendar file replaces the earlier one.',
    emailLink: 'View the appointment, check in at the door or cancel it: {{link}}',
    emailClosing: 'Best regards,\n{{brand}}\n\nThis message was sent automatically. Please do not reply.',
  },
};

export type MoveTexts = typeof en;

const fi: MoveTexts = {
  button: 'Vaihda aika',
  anonymous: {
    info: 'Tunnistaudu ensin, niin voit vaihtaa ajan.',
    login: 'Tunnistaudu ja vaihda aika',
    tooLate: 'Aikaa ei voi enää vaihtaa verkossa.',
  },
  search: {
    notice: 'Valitset uutta aikaa varaukselle {{time}}. Valitse aika, niin näet ennen vahvistamista, mikä muuttuu.',
    stop: 'Pidä nykyinen aika',
  },
  confirm: {
    title: 'Vaihda aika',
    intro: 'Tarkista uusi aika. Nykyinen aikasi säilyy, kunnes vahvistat vaihdon.',
    current: 'Nykyinen aika',
    next: 'Uusi aika',
    changes: 'Mikä muuttuu',
    timeChanged: 'Aika: {{from}} → {{to}}',
    placeChanged: 'Paikka: {{from}} → {{to}}',
    practitionerChanged: 'Ammattilainen: {{from}} → {{to}}',
    priceChanged: 'Hinta-arvio: {{from}} → {{to}}',
    priceNone: 'ei hinta-arviota',
    prepaymentRefund:
      'Maksu: etävastaanotosta etukäteen maksamasi {{sum}} palautetaan tilille tai kortille, jolla maksoit. Uusi aika maksetaan sen omalla hinnalla.',
    prepaymentCredit: 'Maksu: etävastaanoton maksamaton {{sum}} lasku hyvitetään. Uusi aika maksetaan sen omalla hinnalla.',
    submit: 'Vaihda aika',
    chooseAnother: 'Valitse toinen aika',
    keep: 'Pidä nykyinen aika',
  },
  success: 'Aika on vaihdettu. Varauksesi on nyt {{time}}. Vahvistus uudesta ajasta on tulossa.',
  refusal: {
    failure: 'Ajan vaihtaminen epäonnistui{{reason}}. Soita asiakaspalveluumme',
    notFound: 'Varausta ei löytynyt.',
    notMovable: 'Tämän varauksen aikaa ei voi enää vaihtaa.',
    sameTime: 'Tämä on jo varauksesi aika. Valitse toinen aika.',
    slotNotAvailable: 'Tätä aikaa ei voi valita tälle varaukselle. Valitse toinen aika.',
    slotTaken: 'Joku muu varasi juuri tämän ajan. Valitse toinen aika.',
    bindingConsentRequired: 'Vahvista, että varaus on sitova.',
    notCreditworthy: 'Aikaa ei voi vaihtaa verkossa. Soita asiakaspalveluumme',
    noOccupationalHealthcare: 'Työnantajasi sopimus ei enää salli tämän käynnin varaamista verkossa. Soita asiakaspalveluumme',
    noWebReservation: 'Työnantajasi sopimus ei enää salli tämän käynnin varaamista verkossa. Soita asiakaspalveluumme',
    notCovered: 'Työnantajasi sopimus ei enää kata tätä käyntiä. Soita asiakaspalveluumme',
    treatmentChainCreationFailed: 'Vakuutusyhtiösi ei vahvistanut uutta aikaa. Nykyinen aikasi säilyy. Soita asiakaspalveluumme',
    remoteNotCovered: 'Yritysvakuutus ei korvaa etävastaanottoa. Valitse aika toimipisteestä.',
    practiceSystemUnavailable:
      'Aikaa ei voitu vaihtaa juuri nyt: ajanvarausjärjestelmämme ei vastannut. Nykyinen aikasi säilyy. Yritä hetken kuluttua uudelleen.',
    unknownError: 'Ajan vaihtaminen epäonnistui. Nykyinen aikasi säilyy. Yritä uudelleen tai soita asiakaspalveluumme',
  },
  message: {
    sms: 'Aikasi on siirretty: {{time}}, {{place}} (aiemmin {{oldTime}}). Peru viimeistään {{hours}} h ennen. – {{brand}}',
    smsLink: 'Katso, ilmoittaudu tai peru: {{link}}',
    emailSubject: 'Aikasi on siirretty – {{brand}}',
    emailBody:
      'Hei,\n\nvarauksesi on siirretty uuteen aikaan.\n\nUusi aika: {{time}}\nPaikka: {{place}}\nPalvelu: {{service}}\nAiempi aika: {{oldTime}}\n\nVoit perua ajan verkossa viimeistään {{hours}} tuntia ennen sitä. Liitteenä oleva kalenteritiedosto korvaa aiemman.',
    emailLink: 'Katso varaus, ilmoittaudu ovella tai peru aika: {{link}}',
    emailClosing: 'Ystävällisin terveisin\n{{brand}}\n\nTämä viesti on lähetetty automaattisesti. Älä vastaa tähän viestiin.',
  },
};

const sv: MoveTexts = {
  button: 'Byt tid',
  anonymous: {
    info: 'Identifiera dig först för att byta tid.',
    login: 'Identifiera dig och byt tid',
    tooLate: 'Tiden kan inte längre bytas på nätet.',
  },
  search: {
    notice: 'Du väljer en ny tid för din bokning {{time}}. Välj en tid så ser du vad som ändras innan du bekräftar.',
    stop: 'Behåll den nuvarande tiden',
  },
  confirm: {
    title: 'Byt tid',
    intro: 'Kontrollera den nya tiden. Din nuvarande tid behålls tills du bekräftar bytet.',
    current: 'Nuvarande tid',
    next: 'Ny tid',
    changes: 'Vad ändras',
    timeChanged: 'Tid: {{from}} → {{to}}',
    placeChanged: 'Plats: {{from}} → {{to}}',
    practitionerChanged: 'Yrkesperson: {{from}} → {{to}}',
    priceChanged: 'Prisuppskattning: {{from}} → {{to}}',
    priceNone: 'ingen prisuppskattning',
    prepaymentRefund:
      'Betalning: de {{sum}} som du betalade i förväg för distansmottagningen återbetalas till kontot eller kortet du betalade med. Den nya tiden betalas enligt sitt eget pris.',
    prepaymentCredit: 'Betalning: den obetalda fakturan på {{sum}} för distansmottagningen krediteras. Den nya tiden betalas enligt sitt eget pris.',
    submit: 'Byt tid',
    chooseAnother: 'Välj en annan tid',
    keep: 'Behåll den nuvarande tiden',
  },
  success: 'Tiden har bytts. Din bokning är nu {{time}}. En bekräftelse på den nya tiden är på väg.',
  refusal: {
    failure: 'Det gick inte att byta tid{{reason}}. Ring vår kundtjänst',
    notFound: 'Bokningen hittades inte.',
    notMovable: 'Tiden för den här bokningen kan inte längre bytas.',
    sameTime: 'Det är redan tiden för din bokning. Välj en annan tid.',
    slotNotAvailable: 'Den tiden kan inte väljas för den här bokningen. Välj en annan tid.',
    slotTaken: 'Någon annan bokade just den tiden. Välj en annan tid.',
    bindingConsentRequired: 'Bekräfta att bokningen är bindande.',
    notCreditworthy: 'Tiden kan inte bytas på webben. Ring vår kundtjänst',
    noOccupationalHealthcare: 'Din arbetsgivares avtal tillåter inte längre att besöket bokas på webben. Ring vår kundtjänst',
    noWebReservation: 'Din arbetsgivares avtal tillåter inte längre att besöket bokas på webben. Ring vår kundtjänst',
    notCovered: 'Din arbetsgivares avtal täcker inte längre det här besöket. Ring vår kundtjänst',
    treatmentChainCreationFailed: 'Ditt försäkringsbolag bekräftade inte den nya tiden. Din nuvarande tid behålls. Ring vår kundtjänst',
    remoteNotCovered: 'Företagsförsäkringen ersätter inte distansmottagning. Välj en tid på en mottagning.',
    practiceSystemUnavailable: 'Tiden kunde inte bytas just nu: vårt tidsbokningssystem svarade inte. Din nuvarande tid behålls. Försök igen om en stund.',
    unknownError: 'Det gick inte att byta tid. Din nuvarande tid behålls. Försök igen eller ring vår kundtjänst',
  },
  message: {
    sms: 'Din tid har flyttats till {{time}}, {{place}} (tidigare {{oldTime}}). Avboka senast {{hours}} h före. – {{brand}}',
    smsLink: 'Se, anmäl dig eller avboka: {{link}}',
    emailSubject: 'Din tid har flyttats – {{brand}}',
    emailBody:
      'Hej,\n\ndin bokning har flyttats till en ny tid.\n\nNy tid: {{time}}\nPlats: {{place}}\nTjänst: {{service}}\nTidigare tid: {{oldTime}}\n\nDu kan avboka tiden på webben senast {{hours}} timmar före den. Den bifogade kalenderfilen ersätter den tidigare.',
    emailLink: 'Se bokningen, anmäl dig vid dörren eller avboka den: {{link}}',
    emailClosing: 'Med vänliga hälsningar\n{{brand}}\n\nDet här meddelandet har skickats automatiskt. Svara inte på det.',
  },
};

export default { fi, sv, en };
