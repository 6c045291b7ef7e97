/**
 * Texts of acting for someone else through Suomi.fi e-Authorizations (issue 42, ADR 0050): the
 * header's notice and controls, the outcomes, the principal's first-time notice and the built-in
 * test service's selection page; fi/sv/en side by side. `en` defines the shape.
 */
const en = {
  start: 'Act on behalf of someone',
  startHint: 'With a mandate granted in Suomi.fi, handle another adult’s appointments, invoices and health records.',
  banner: 'You are acting on behalf of {{name}}',
  bannerIssues: 'The mandate covers: {{issues}}',
  issues: { appointments: 'appointments', invoices: 'invoices', records: 'health records' },
  stop: 'Stop acting on their behalf',
  started: 'You are now acting on behalf of {{name}}.',
  stopped: 'You are acting for yourself again.',
  ended: 'Your mandate is no longer valid, so you are acting for yourself again.',
  errors: {
    cancelled: 'You cancelled the choice. You are acting for yourself.',
    notStarted: 'The choice had expired. Start again from “Act on behalf of someone”.',
    noPrincipal: 'No person was chosen in Suomi.fi.',
    unknownPrincipal: 'The person you chose is not our customer, so their information cannot be handled here.',
    noMandate: 'Your mandate does not cover any of this service’s matters.',
    unavailable: 'Suomi.fi e-Authorizations is not answering just now. Please try again later.',
    sessionExpired: 'The Suomi.fi e-Authorizations session expired. Please start again.',
    clockSkew: 'Suomi.fi e-Authorizations could not be used because of a time difference. Please try again later.',
    refused: 'Suomi.fi e-Authorizations refused the request. Please try again later.',
    protocol: 'Suomi.fi e-Authorizations gave an answer we could not read. Please try again later.',
  },
  notice: {
    emailSubject: '{{brand}}: someone has acted on your behalf',
    body: '{{name}} has started to handle your matters in {{brand}} on a mandate you granted in Suomi.fi ({{time}}). You can see what they have viewed on the “Who has handled my data” page. If you did not grant such a mandate, withdraw it in Suomi.fi and call us: {{phone}}.',
    sms: '{{brand}}: {{name}} acted on your behalf on your Suomi.fi mandate ({{time}}). If this is wrong, withdraw the mandate in Suomi.fi and call {{phone}}.',
  },
  testService: {
    title: 'Suomi.fi e-Authorizations (test service)',
    notice: 'This is the built-in test service of the demo. In production this page is Suomi.fi’s own, and the mandates are the ones granted in Suomi.fi.',
    choosePerson: 'Choose the person you act for',
    chooseCompany: 'Choose the company you represent',
    none: 'You have no mandate in force.',
    sessionGone: 'This selection has expired or was already used. Return to the service and start again.',
    cancel: 'Cancel and return to the service',
  },
};

type Texts = typeof en;

const fi: Texts = {
  start: 'Asioi toisen puolesta',
  startHint: 'Suomi.fi:ssä annetulla valtuudella voit hoitaa toisen aikuisen ajanvarauksia, laskuja ja terveystietoja.',
  banner: 'Asioit henkilön {{name}} puolesta',
  bannerIssues: 'Valtuus kattaa: {{issues}}',
  issues: { appointments: 'ajanvaraukset', invoices: 'laskut', records: 'terveystiedot' },
  stop: 'Lopeta toisen puolesta asiointi',
  started: 'Asioit nyt henkilön {{name}} puolesta.',
  stopped: 'Asioit taas omissa asioissasi.',
  ended: 'Valtuutesi ei ole enää voimassa, joten asioit taas omissa asioissasi.',
  errors: {
    cancelled: 'Peruutit valinnan. Asioit omissa asioissasi.',
    notStarted: 'Valinta ehti vanhentua. Aloita uudelleen kohdasta ”Asioi toisen puolesta”.',
    noPrincipal: 'Suomi.fi:ssä ei valittu henkilöä.',
    unknownPrincipal: 'Valitsemasi henkilö ei ole asiakkaamme, joten hänen tietojaan ei voi hoitaa täällä.',
    noMandate: 'Valtuutesi ei kata tämän palvelun asioita.',
    unavailable: 'Suomi.fi-valtuudet ei juuri nyt vastaa. Yritä myöhemmin uudelleen.',
    sessionExpired: 'Suomi.fi-valtuuksien istunto vanheni. Aloita uudelleen.',
    clockSkew: 'Suomi.fi-valtuuksia ei voitu käyttää aikaeron vuoksi. Yritä myöhemmin uudelleen.',
    refused: 'Suomi.fi-valtuudet hylkäsi pyynnön. Yritä myöhemmin uudelleen.',
    protocol: 'Suomi.fi-valtuuksien vastausta ei voitu lukea. Yritä myöhemmin uudelleen.',
  },
  notice: {
    emailSubject: '{{brand}}: puolestasi on asioitu',
    body: '{{name}} on alkanut hoitaa asioitasi palvelussa {{brand}} Suomi.fi:ssä antamallasi valtuudella ({{time}}). Näet, mitä hän on katsonut, sivulta ”Kuka on käsitellyt tietojani”. Jos et ole antanut tällaista valtuutta, peru se Suomi.fi:ssä ja soita meille: {{phone}}.',
    sms: '{{brand}}: {{name}} asioi puolestasi Suomi.fi-valtuudellasi ({{time}}). Jos tämä on väärin, peru valtuus Suomi.fi:ssä ja soita {{phone}}.',
  },
  testService: {
    title: 'Suomi.fi-valtuudet (testipalvelu)',
    notice: 'Tämä on demon sisäänrakennettu testipalvelu. Tuotannossa tämä sivu on Suomi.fi:n oma, ja valtuudet ovat Suomi.fi:ssä annettuja.',
    choosePerson: 'Valitse henkilö, jonka puolesta asioit',
    chooseCompany: 'Valitse yritys, jota edustat',
    none: 'Sinulla ei ole voimassa olevia valtuuksia.',
    sessionGone: 'Tämä valinta on vanhentunut tai jo käytetty. Palaa palveluun ja aloita uudelleen.',
    cancel: 'Peruuta ja palaa palveluun',
  },
};

const sv: Texts = {
  start: 'Uträtta ärenden för någon annan',
  startHint: 'Med en fullmakt som getts i Suomi.fi kan du sköta en annan vuxens tidsbokningar, fakturor och hälsouppgifter.',
  banner: 'Du uträttar ärenden för {{name}}',
  bannerIssues: 'Fullmakten omfattar: {{issues}}',
  issues: { appointments: 'tidsbokningar', invoices: 'fakturor', records: 'hälsouppgifter' },
  stop: 'Sluta uträtta ärenden för någon annan',
  started: 'Du uträttar nu ärenden för {{name}}.',
  stopped: 'Du sköter åter dina egna ärenden.',
  ended: 'Din fullmakt gäller inte längre, så du sköter åter dina egna ärenden.',
  errors: {
    cancelled: 'Du avbröt valet. Du sköter dina egna ärenden.',
    notStarted: 'Valet hann gå ut. Börja om från ”Uträtta ärenden för någon annan”.',
    noPrincipal: 'Ingen person valdes i Suomi.fi.',
    unknownPrincipal: 'Personen du valde är inte vår kund, så hens uppgifter kan inte skötas här.',
    noMandate: 'Din fullmakt omfattar inga av den här tjänstens ärenden.',
    unavailable: 'Suomi.fi-fullmakter svarar inte just nu. Försök igen senare.',
    sessionExpired: 'Sessionen hos Suomi.fi-fullmakter gick ut. Börja om.',
    clockSkew: 'Suomi.fi-fullmakter kunde inte användas på grund av en tidsskillnad. Försök igen senare.',
    refused: 'Suomi.fi-fullmakter avvisade begäran. Försök igen senare.',
    protocol: 'Svaret från Suomi.fi-fullmakter kunde inte läsas. Försök igen senare.',
  },
  notice: {
    emailSubject: '{{brand}}: någon har uträttat ärenden för dig',
    body: '{{name}} har börjat sköta dina ärenden i {{brand}} med en fullmakt du gett i Suomi.fi ({{time}}). Du ser vad hen har tittat på, på sidan ”Vem har behandlat mina uppgifter”. Om du inte har gett en sådan fullmakt, återkalla den i Suomi.fi och ring oss: {{phone}}.',
    sms: '{{brand}}: {{name}} uträttade ärenden för dig med din Suomi.fi-fullmakt ({{time}}). Om detta är fel, återkalla fullmakten i Suomi.fi och ring {{phone}}.',
  },
  testService: {
    title: 'Suomi.fi-fullmakter (testtjänst)',
    notice: 'Det här är demons inbyggda testtjänst. I produktion är den här sidan Suomi.fi:s egen, och fullmakterna är de som getts i Suomi.fi.',
    choosePerson: 'Välj den person du uträttar ärenden för',
    chooseCompany: 'Välj det företag du representerar',
    none: 'Du har inga gällande fullmakter.',
    sessionGone: 'Det här valet har gått ut eller redan använts. Gå tillbaka till tjänsten och börja om.',
    cancel: 'Avbryt och gå tillbaka till tjänsten',
  },
};

export type ActingForTexts = Texts;
export default { en, fi, sv };
