/**
 * Texts of acting for someone else through Suomi.fi e-Authorizations (issue 42, ADR 0050): the
 * built-in test service's selection page; fi/sv/en side by side. `en` defines the shape.
 */
const en = {
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
