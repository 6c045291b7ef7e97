/**
 * The sickness fund page's content (spec 2 §2, §9). The spec gives it in Finnish only: the
 * employer's fund publishes its rules in Finnish, so every language shows the same Finnish text
 * (the page marks it lang="fi"). Amounts and limits are filled in from app/models/records/sickness-fund.ts.
 */
const fi = {
  title: 'Sairauskassa',
  tabsLabel: 'Sairauskassan sivut',
  tabs: {
    sairauskassa: 'Sairauskassa',
    korvauskaytannot: 'Korvauskäytännöt',
    ohjeet: 'Ohjeet',
    'usein-kysyttya': 'Usein kysyttyä',
  },
  welcome: {
    heading: 'Tervetuloa sairauskassan palveluihin',
    text: 'Sairauskassa korvaa jäsentensä sairaanhoitokuluja työterveyshuollon lisäksi. Sairauskassan hoitajapalvelu neuvoo ja ohjaa sinut oikeaan hoitoon.',
    nurseHours: 'Hoitajan puhelinpalvelu arkisin klo {{weekdays}}, viikonloppuisin ja pyhinä klo {{weekends}}.',
    chatHours: 'Chat arkisin klo {{weekdays}}, viikonloppuisin klo {{weekends}}.',
    messages: 'Viesteihin vastataan {{days}} arkipäivän kuluessa.',
  },
  rules: {
    heading: 'Korvauskäytännöt',
    effective: 'Uudet korvauskäytännöt ovat voimassa {{date}} alkaen.',
    nurse: 'Sairaanhoitajan vastaanotto: omavastuu {{amount}}.',
    doctor: 'Yleislääkärin vastaanotto: omavastuu {{amount}}, enintään {{count}} käyntiä kalenterivuodessa.',
    specialist: 'Erikoislääkärin vastaanotto: omavastuu {{percent}} %, korvaus enintään {{amount}} käynniltä, kaksi käyntiä vuodessa.',
    procedures: 'Toimenpiteet: omavastuu {{percent}} %, laitoskorvaus enintään {{amount}} käynniltä.',
    psychotherapy: 'Lyhytpsykoterapia: enintään {{count}} kertaa hoitojaksoa kohden, omavastuu {{percent}} %.',
    physiotherapy: 'Fysioterapia: omavastuu {{percent}} %, korvaus yhteensä enintään {{amount}} vuodessa.',
  },
  guide: {
    heading: 'Ohjeet palvelun käyttöön',
    steps: [
      'Ota ensin yhteys sairauskassan hoitajaan puhelimitse, chatissa tai viestillä.',
      'Hoitaja arvioi tilanteesi ja ohjaa sinut tarvittaessa lääkärille tai muulle ammattilaiselle.',
      'Varaa aika hoitajan ohjeen mukaan. Kerro varatessasi olevasi sairauskassan jäsen.',
      'Omavastuuosuus laskutetaan sinulta; sairauskassa maksaa loput suoraan palveluntuottajalle.',
    ],
  },
  faq: {
    heading: 'Usein kysyttyä',
    items: [
      { q: 'Kuka voi käyttää sairauskassan palveluja?', a: 'Palvelut ovat sairauskassan jäsenten käytössä jäsenyyden voimassaoloaikana.' },
      { q: 'Tarvitsenko lähetteen erikoislääkärille?', a: 'Kyllä. Hoitaja tai yleislääkäri arvioi tarpeen ja kirjoittaa lähetteen.' },
      { q: 'Mistä näen, paljonko korvauksia on jäljellä?', a: 'Käyntimäärät lasketaan kalenterivuosittain. Hoitaja kertoo jäljellä olevat käynnit.' },
    ],
  },
};

export type SicknessFundTexts = typeof fi;

export default { fi, sv: fi, en: fi } as const;
