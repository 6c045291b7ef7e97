/**
 * Texts of booking for everyone else (issue 13): the occupational health list, its views and
 * the reservation's confirmation, and the occupational confirmation message. `en` defines the shape.
 */
const en = {
  listTitle: 'Occupational health appointment booking',
  listIntro: "Book a visit covered by your employer's occupational health agreement. You pay nothing online.",
  employer: 'Agreement: {{employer}}',
  unknownError: {
    title: 'Something went wrong',
    text: 'We could not load your occupational health agreement.',
    retry: 'Try again',
  },
  noOccupationalHealthcare: {
    title: "We couldn't find your occupational health agreement",
    text: 'Online booking is available to employees whose employer has an occupational health agreement with us. You can book the visit as a private customer.',
    privateLink: 'Book as a private customer',
  },
  noWebReservation: {
    title: 'Online booking is not included in your agreement',
    text: 'Please call our occupational health customer service to book:',
  },
  specialContract: {
    title: 'Your employer has a special agreement',
    text: 'Your visits are booked through the arrangement your employer has agreed with us. Please call our occupational health customer service and mention your employer:',
  },
  noSpecialties: 'Your agreement does not cover any service that can be booked online.',
  confirmation: {
    legend: 'Occupational health agreement',
    contractAndDoctorReferral: "I confirm that the visit is covered by my employer's occupational health agreement and that I have a doctor's referral for it.",
    contractAndReferral: "I confirm that the visit is covered by my employer's occupational health agreement and that I have a referral for it.",
    referralOnly: 'I confirm that I have a referral from occupational health for this visit.',
    contractOnly: "I confirm that the visit is covered by my employer's occupational health agreement.",
    required: 'Please confirm to book the visit.',
  },
  payer: 'Paid by your employer (occupational health). You pay nothing online.',
  vaccination: {
    title: 'Vaccinations in occupational health',
    signIn: 'Log in to see the vaccinations your occupational health agreement includes.',
    signInLink: 'Log in',
    noContract: 'Your occupational health agreement was not found. Please call our customer service:',
    noVaccinations: 'Vaccinations are not part of your occupational health agreement.',
    back: 'Back to booking',
    included: 'Vaccines included in your agreement',
    choose: 'Book an influenza vaccination',
    products: { influenzaVaccineAdult: 'Influenza vaccine', influenzaVaccineRiskGroup: 'Influenza vaccine (risk groups)' },
  },
  message: {
    sms: "{{brand}}: occupational health appointment {{time}}, {{place}}. The visit is covered by your employer's agreement. Cancel at least {{hours}} h before: {{link}}",
    emailSubject: 'Occupational health appointment {{time}}',
    emailBody:
      "Your occupational health appointment is booked.\n\nTime: {{time}}\nService: {{service}}\nPlace: {{place}}\n\nThe visit is covered by your employer's occupational health agreement; please tell us at once if you have left the employer.\n\nView or cancel the appointment (at least {{hours}} hours before it starts): {{link}}\n\n{{brand}}",
  },
};

export type BookingMoreTexts = typeof en;

const fi: BookingMoreTexts = {
  listTitle: 'Työterveyshuollon ajanvaraus',
  listIntro: 'Varaa työnantajasi työterveyshuoltosopimuksen kattama käynti. Et maksa verkossa mitään.',
  employer: 'Sopimus: {{employer}}',
  unknownError: {
    title: 'Jokin meni vikaan',
    text: 'Työterveyssopimuksesi tietoja ei voitu hakea.',
    retry: 'Yritä uudelleen',
  },
  noOccupationalHealthcare: {
    title: 'Emme löytäneet työterveyshuoltosopimustasi',
    text: 'Verkkoajanvaraus on käytössä työntekijöille, joiden työnantajalla on kanssamme työterveyshuoltosopimus. Voit varata käynnin yksityisasiakkaana.',
    privateLink: 'Varaa yksityisasiakkaana',
  },
  noWebReservation: {
    title: 'Verkkoajanvaraus ei sisälly sopimukseesi',
    text: 'Varaa aika soittamalla työterveyshuollon asiakaspalveluun:',
  },
  specialContract: {
    title: 'Työnantajallasi on erityissopimus',
    text: 'Käyntisi varataan työnantajasi kanssa sovitulla tavalla. Soita työterveyshuollon asiakaspalveluun ja kerro työnantajasi nimi:',
  },
  noSpecialties: 'Sopimuksesi ei kata palveluita, jotka voi varata verkossa.',
  confirmation: {
    legend: 'Työterveyshuoltosopimus',
    contractAndDoctorReferral: 'Vahvistan, että käynti kuuluu työnantajani työterveyshuoltosopimukseen ja että minulla on siihen lääkärin lähete.',
    contractAndReferral: 'Vahvistan, että käynti kuuluu työnantajani työterveyshuoltosopimukseen ja että minulla on siihen lähete.',
    referralOnly: 'Vahvistan, että minulla on tähän käyntiin työterveyshuollon lähete.',
    contractOnly: 'Vahvistan, että käynti kuuluu työnantajani työterveyshuoltosopimukseen.',
    required: 'Vahvista, jotta voit varata käynnin.',
  },
  payer: 'Maksajana työnantajasi (työterveyshuolto). Et maksa verkossa mitään.',
  vaccination: {
    title: 'Työterveyshuollon rokotukset',
    signIn: 'Kirjaudu sisään nähdäksesi, mitkä rokotukset työterveyssopimukseesi sisältyvät.',
    signInLink: 'Kirjaudu sisään',
    noContract: 'Työterveyshuoltosopimustasi ei löytynyt. Soita asiakaspalveluumme:',
    noVaccinations: 'Rokotukset eivät kuulu työterveyshuoltosopimukseesi.',
    back: 'Takaisin ajanvaraukseen',
    included: 'Sopimukseesi sisältyvät rokotteet',
    choose: 'Varaa influenssarokotus',
    products: { influenzaVaccineAdult: 'Influenssarokote', influenzaVaccineRiskGroup: 'Influenssarokote (riskiryhmät)' },
  },
  message: {
    sms: '{{brand}}: työterveysaika {{time}}, {{place}}. Käynti kuuluu työnantajasi sopimukseen. Peru viimeistään {{hours}} h ennen: {{link}}',
    emailSubject: 'Työterveysaika {{time}}',
    emailBody:
      'Työterveysaikasi on varattu.\n\nAika: {{time}}\nPalvelu: {{service}}\nPaikka: {{place}}\n\nKäynti kuuluu työnantajasi työterveyshuoltosopimukseen; kerro meille heti, jos työsuhteesi on päättynyt.\n\nKatso tai peru aika (viimeistään {{hours}} tuntia ennen alkua): {{link}}\n\n{{brand}}',
  },
};

const sv: BookingMoreTexts = {
  listTitle: 'Tidsbokning inom företagshälsovården',
  listIntro: 'Boka ett besök som ingår i din arbetsgivares avtal om företagshälsovård. Du betalar inget på nätet.',
  employer: 'Avtal: {{employer}}',
  unknownError: {
    title: 'Något gick fel',
    text: 'Vi kunde inte hämta ditt avtal om företagshälsovård.',
    retry: 'Försök igen',
  },
  noOccupationalHealthcare: {
    title: 'Vi hittade inte ditt avtal om företagshälsovård',
    text: 'Tidsbokning på nätet finns för anställda vars arbetsgivare har ett avtal om företagshälsovård med oss. Du kan boka besöket som privatkund.',
    privateLink: 'Boka som privatkund',
  },
  noWebReservation: {
    title: 'Tidsbokning på nätet ingår inte i ditt avtal',
    text: 'Ring företagshälsovårdens kundtjänst för att boka:',
  },
  specialContract: {
    title: 'Din arbetsgivare har ett specialavtal',
    text: 'Dina besök bokas på det sätt som din arbetsgivare har avtalat med oss. Ring företagshälsovårdens kundtjänst och nämn din arbetsgivare:',
  },
  noSpecialties: 'Ditt avtal omfattar inga tjänster som kan bokas på nätet.',
  confirmation: {
    legend: 'Avtal om företagshälsovård',
    contractAndDoctorReferral: 'Jag bekräftar att besöket ingår i min arbetsgivares avtal om företagshälsovård och att jag har en läkarremiss för det.',
    contractAndReferral: 'Jag bekräftar att besöket ingår i min arbetsgivares avtal om företagshälsovård och att jag har en remiss för det.',
    referralOnly: 'Jag bekräftar att jag har en remiss från företagshälsovården för detta besök.',
    contractOnly: 'Jag bekräftar att besöket ingår i min arbetsgivares avtal om företagshälsovård.',
    required: 'Bekräfta för att boka besöket.',
  },
  payer: 'Betalas av din arbetsgivare (företagshälsovård). Du betalar inget på nätet.',
  vaccination: {
    title: 'Vaccinationer inom företagshälsovården',
    signIn: 'Logga in för att se vilka vaccinationer som ingår i ditt avtal om företagshälsovård.',
    signInLink: 'Logga in',
    noContract: 'Ditt avtal om företagshälsovård hittades inte. Ring vår kundtjänst:',
    noVaccinations: 'Vaccinationer ingår inte i ditt avtal om företagshälsovård.',
    back: 'Tillbaka till tidsbokningen',
    included: 'Vacciner som ingår i ditt avtal',
    choose: 'Boka en influensavaccination',
    products: { influenzaVaccineAdult: 'Influensavaccin', influenzaVaccineRiskGroup: 'Influensavaccin (riskgrupper)' },
  },
  message: {
    sms: '{{brand}}: tid inom företagshälsovården {{time}}, {{place}}. Besöket ingår i din arbetsgivares avtal. Avboka senast {{hours}} h före: {{link}}',
    emailSubject: 'Tid inom företagshälsovården {{time}}',
    emailBody:
      'Din tid inom företagshälsovården är bokad.\n\nTid: {{time}}\nTjänst: {{service}}\nPlats: {{place}}\n\nBesöket ingår i din arbetsgivares avtal om företagshälsovård; meddela oss genast om din anställning har upphört.\n\nSe eller avboka tiden (senast {{hours}} timmar före början): {{link}}\n\n{{brand}}',
  },
};

export default { en, fi, sv };
