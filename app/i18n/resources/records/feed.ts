/**
 * Texts of the front page's health-record feed and the record dates shared with the record
 * pages (relative dates, validity hints; spec 3 §9), kept apart from records.ts so the front
 * page loads only this small module. fi/sv/en side by side; `en` defines the shape.
 */
const en = {
  title: 'Latest in your health records',
  empty: 'Nothing new in your health records.',
  types: {
    laboratoryReferral: 'Laboratory referral',
    laboratoryResult: 'Laboratory results',
    imagingReferral: 'Imaging referral',
    imagingResult: 'Imaging result',
    medicalReport: 'Visit report',
    prescription: 'Prescription',
    sickLeaveCertificate: 'Sick-leave certificate',
  },
  renewLink: 'Renew a prescription',
  relative: {
    justNow: 'Just now',
    minutes_one: '{{count}} minute ago',
    minutes_other: '{{count}} minutes ago',
    hours_one: '{{count}} hour ago',
    hours_other: '{{count}} hours ago',
    yesterday: 'Yesterday',
  },
  validity: {
    today: 'Valid until today',
    tomorrow: 'Valid until tomorrow',
    weekday: 'Valid until {{weekday}}',
    weeks_one: 'Valid for {{count}} more week',
    weeks_other: 'Valid for {{count}} more weeks',
    date: 'Valid until {{date}}',
  },
  weekdays: { '1': 'Monday', '2': 'Tuesday', '3': 'Wednesday', '4': 'Thursday', '5': 'Friday', '6': 'Saturday', '7': 'Sunday' },
};

export type RecordsFeedTexts = typeof en;

const fi: RecordsFeedTexts = {
  title: 'Uusimmat terveystietosi',
  empty: 'Terveystiedoissasi ei ole uutta.',
  types: {
    laboratoryReferral: 'Laboratoriolähete',
    laboratoryResult: 'Laboratoriotulokset',
    imagingReferral: 'Kuvantamislähete',
    imagingResult: 'Kuvantamistulos',
    medicalReport: 'Käyntikertomus',
    prescription: 'Resepti',
    sickLeaveCertificate: 'Sairauslomatodistus',
  },
  renewLink: 'Uusi resepti',
  relative: {
    justNow: 'Juuri nyt',
    minutes_one: '{{count}} minuutti sitten',
    minutes_other: '{{count}} minuuttia sitten',
    hours_one: '{{count}} tunti sitten',
    hours_other: '{{count}} tuntia sitten',
    yesterday: 'Eilen',
  },
  validity: {
    today: 'Voimassa tänään',
    tomorrow: 'Voimassa huomiseen',
    weekday: 'Voimassa {{weekday}} asti',
    weeks_one: 'Voimassa vielä {{count}} viikon',
    weeks_other: 'Voimassa vielä {{count}} viikkoa',
    date: 'Voimassa {{date}} asti',
  },
  weekdays: { '1': 'maanantaihin', '2': 'tiistaihin', '3': 'keskiviikkoon', '4': 'torstaihin', '5': 'perjantaihin', '6': 'lauantaihin', '7': 'sunnuntaihin' },
};

const sv: RecordsFeedTexts = {
  title: 'Det senaste i dina hälsouppgifter',
  empty: 'Inget nytt i dina hälsouppgifter.',
  types: {
    laboratoryReferral: 'Laboratorieremiss',
    laboratoryResult: 'Laboratorieresultat',
    imagingReferral: 'Bildbehandlingsremiss',
    imagingResult: 'Bildbehandlingsresultat',
    medicalReport: 'Besöksberättelse',
    prescription: 'Recept',
    sickLeaveCertificate: 'Sjukledighetsintyg',
  },
  renewLink: 'Förnya ett recept',
  relative: {
    justNow: 'Just nu',
    minutes_one: 'för {{count}} minut sedan',
    minutes_other: 'för {{count}} minuter sedan',
    hours_one: 'för {{count}} timme sedan',
    hours_other: 'för {{count}} timmar sedan',
    yesterday: 'I går',
  },
  validity: {
    today: 'Giltig i dag',
    tomorrow: 'Giltig till i morgon',
    weekday: 'Giltig till {{weekday}}',
    weeks_one: 'Giltig ännu {{count}} vecka',
    weeks_other: 'Giltig ännu {{count}} veckor',
    date: 'Giltig till {{date}}',
  },
  weekdays: { '1': 'måndag', '2': 'tisdag', '3': 'onsdag', '4': 'torsdag', '5': 'fredag', '6': 'lördag', '7': 'söndag' },
};

export default { en, fi, sv } as const;
