/**
 * Texts of the appointment reminders (ADR 0031): the reminder SMS and e-mail, what the booking
 * confirmation page says of the confirmation and the reminder, and the development outbox's
 * list of scheduled reminders. `en` defines the shape. The messages carry the time, the place,
 * the service and the anonymous link only: no name, no identity code, no other health data.
 */
const en = {
  message: {
    sms: 'Reminder: your appointment {{time}}, {{place}}. – {{brand}}',
    smsLink: 'View, check in or cancel: {{link}}',
    emailSubject: 'Appointment reminder – {{brand}}',
    emailBody: 'Hello,\n\nthis is a reminder of your appointment.\n\nTime: {{time}}\nPlace: {{place}}\nService: {{service}}',
    emailClosing: 'Best regards,\n{{brand}}\n\nThis message was sent automatically. Please do not reply.',
    emailLink: 'View the appointment, check in at the door or cancel it: {{link}}',
  },
  notice: {
    confirmationSms: 'The confirmation was sent to {{phone}}.',
    confirmationBoth: 'The confirmation was sent to {{phone}} and {{email}}.',
    reminderSms: 'A reminder will come as a text message on {{time}}.',
    reminderEmail: 'A reminder will come by e-mail on {{time}}.',
    reminderBoth: 'A reminder will come as a text message and by e-mail on {{time}}.',
    refusedSms: 'You have refused text message reminders.',
    written: 'The reminder of this appointment has been sent.',
    noneInsideLead: 'The appointment is less than {{hours}} hours away, so no separate reminder will come: the confirmation is your reminder.',
    noneRefused: 'You have refused text message reminders and gave no e-mail address, so no reminder will come.',
    noneOther: 'No reminder will come for this appointment.',
  },
  outbox: {
    title: 'Scheduled reminders',
    intro: 'Reminders waiting for their due time, soonest first. The sweep writes their messages above when they are due.',
    empty: 'No reminders are scheduled.',
    due: 'Due',
    appointment: 'Appointment',
    channels: 'Channels',
    sms: 'SMS',
    email: 'e-mail',
    smsRefused: 'SMS refused',
    decidedWhenWritten: 'not booked in the portal: the patient’s own contact, or the guardians who may see it, decided when it is written',
  },
};

export type ReminderTexts = typeof en;

const fi: ReminderTexts = {
  message: {
    sms: 'Muistutus: aikasi {{time}}, {{place}}. – {{brand}}',
    smsLink: 'Katso, ilmoittaudu tai peru: {{link}}',
    emailSubject: 'Muistutus ajanvarauksesta – {{brand}}',
    emailBody: 'Hei,\n\nmuistutamme varaamastasi ajasta.\n\nAika: {{time}}\nPaikka: {{place}}\nPalvelu: {{service}}',
    emailClosing: 'Ystävällisin terveisin\n{{brand}}\n\nTämä viesti on lähetetty automaattisesti. Älä vastaa tähän viestiin.',
    emailLink: 'Katso varaus, ilmoittaudu ovella tai peru aika: {{link}}',
  },
  notice: {
    confirmationSms: 'Vahvistus lähetettiin numeroon {{phone}}.',
    confirmationBoth: 'Vahvistus lähetettiin numeroon {{phone}} ja osoitteeseen {{email}}.',
    reminderSms: 'Muistutus tulee tekstiviestinä {{time}}.',
    reminderEmail: 'Muistutus tulee sähköpostina {{time}}.',
    reminderBoth: 'Muistutus tulee tekstiviestinä ja sähköpostina {{time}}.',
    refusedSms: 'Olet kieltänyt tekstiviestimuistutukset.',
    written: 'Tämän ajan muistutus on lähetetty.',
    noneInsideLead: 'Käyntiin on alle {{hours}} tuntia, joten erillistä muistutusta ei tule: vahvistus on muistutuksesi.',
    noneRefused: 'Olet kieltänyt tekstiviestimuistutukset etkä antanut sähköpostiosoitetta, joten muistutusta ei tule.',
    noneOther: 'Tästä ajasta ei tule muistutusta.',
  },
  outbox: {
    title: 'Ajastetut muistutukset',
    intro: 'Muistutukset, jotka odottavat lähetysaikaansa, aikaisin ensin. Ajo kirjoittaa niiden viestit yllä olevaan listaan, kun aika tulee.',
    empty: 'Muistutuksia ei ole ajastettu.',
    due: 'Lähtee',
    appointment: 'Ajanvaraus',
    channels: 'Kanavat',
    sms: 'tekstiviesti',
    email: 'sähköposti',
    smsRefused: 'tekstiviesti kielletty',
    decidedWhenWritten: 'ei varattu portaalissa: potilaan omat yhteystiedot tai huoltajat, jotka saavat nähdä sen, päätetään lähetettäessä',
  },
};

const sv: ReminderTexts = {
  message: {
    sms: 'Påminnelse: din tid {{time}}, {{place}}. – {{brand}}',
    smsLink: 'Se, anmäl ankomst eller avboka: {{link}}',
    emailSubject: 'Påminnelse om tidsbokning – {{brand}}',
    emailBody: 'Hej,\n\nvi påminner om din bokade tid.\n\nTid: {{time}}\nPlats: {{place}}\nTjänst: {{service}}',
    emailClosing: 'Med vänliga hälsningar\n{{brand}}\n\nDetta meddelande har skickats automatiskt. Svara inte på det.',
    emailLink: 'Se bokningen, anmäl din ankomst vid dörren eller avboka tiden: {{link}}',
  },
  notice: {
    confirmationSms: 'Bekräftelsen skickades till numret {{phone}}.',
    confirmationBoth: 'Bekräftelsen skickades till numret {{phone}} och adressen {{email}}.',
    reminderSms: 'En påminnelse kommer som textmeddelande {{time}}.',
    reminderEmail: 'En påminnelse kommer per e-post {{time}}.',
    reminderBoth: 'En påminnelse kommer som textmeddelande och per e-post {{time}}.',
    refusedSms: 'Du har nekat påminnelser per textmeddelande.',
    written: 'Påminnelsen om den här tiden har skickats.',
    noneInsideLead: 'Det är mindre än {{hours}} timmar till besöket, så ingen separat påminnelse kommer: bekräftelsen är din påminnelse.',
    noneRefused: 'Du har nekat påminnelser per textmeddelande och inte angett någon e-postadress, så ingen påminnelse kommer.',
    noneOther: 'Ingen påminnelse kommer om den här tiden.',
  },
  outbox: {
    title: 'Schemalagda påminnelser',
    intro: 'Påminnelser som väntar på sin tid, tidigast först. Körningen skriver deras meddelanden i listan ovan när det är dags.',
    empty: 'Inga påminnelser är schemalagda.',
    due: 'Skickas',
    appointment: 'Tidsbokning',
    channels: 'Kanaler',
    sms: 'textmeddelande',
    email: 'e-post',
    smsRefused: 'textmeddelande nekat',
    decidedWhenWritten: 'inte bokad i portalen: patientens egna kontaktuppgifter eller de vårdnadshavare som får se den, avgörs när den skickas',
  },
};

export default { en, fi, sv };
