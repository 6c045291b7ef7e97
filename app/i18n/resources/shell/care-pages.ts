/**
 * Texts of the health portal's front page, the mental-support chat page, the occupational landing
 * page for anonymous users and the practitioner page (issue 26, ADR 0041), fi/sv/en side by side.
 * `en` defines the shape.
 *
 * The emergency and crisis numbers are national services (ADR 0041 lists the sources): 112 (the
 * emergency number), 116117 (Päivystysapu, the Medical Helpline of the wellbeing services
 * counties, free of charge, around the clock in most of Finland) and MIELI Mental Health Finland's
 * Crisis Helpline (Finnish 09 2525 0111 around the clock, Swedish 09 2525 0112, English
 * 09 2525 0116 at set hours). Numbers are not translated; the texts around them are.
 */
const en = {
  healthPortal: {
    title: 'Health portal',
    frontText: 'Where to turn with your symptoms, health topics and our services.',
    open: 'Go to the health portal',
    intro:
      'Health information and our services in one place: find out where to turn with your symptoms, read about common health matters and book an appointment.',
    symptoms: {
      heading: 'Check your symptoms',
      intro: 'Choose where to turn by how urgent your symptoms are.',
      emergency: 'Life-threatening situation (e.g. severe chest pain, difficulty breathing, unconsciousness, stroke symptoms): call the emergency number',
      urgent: 'Sudden illness when our clinics are closed: call the Medical Helpline (free of charge, around the clock)',
      nurse: 'Not urgent but you need advice: call our customer service, where a nurse assesses your need for care',
      message: 'Non-urgent questions to our nurses: send a secure message',
      book: 'You know whom you need: book an appointment',
    },
    booking: {
      heading: 'Book an appointment',
      text: 'Choose a free time from our clinics or a remote appointment. Occupational health customers book on their employer’s agreement.',
      link: 'Book an appointment',
    },
    topics: {
      heading: 'Health topics',
      vaccinations: {
        title: 'Vaccinations',
        text: 'Keep your vaccinations up to date: the seasonal flu vaccine is recommended every autumn for risk groups. Your vaccination history is in your health records.',
        link: 'My vaccinations',
      },
      laboratory: {
        title: 'Laboratory tests',
        text: 'A referral from a doctor tells which tests to take and whether to fast. Results appear in the portal once a doctor has reviewed them.',
        link: 'My laboratory results',
      },
      prescriptions: {
        title: 'Medicines and prescriptions',
        text: 'Renew a long-term prescription before it runs out: a doctor handles renewal requests within a few business days.',
        link: 'My prescriptions',
      },
      mentalSupport: {
        title: 'Mental wellbeing',
        text: 'Stress, low mood or anxiety are common and can be treated. Talk to us, or call a crisis line if things feel overwhelming.',
        link: 'Mental support',
      },
    },
    register: {
      heading: 'New customer?',
      text: 'Identify yourself and give your contact details to become our patient: then you can book and see your health records here.',
      link: 'Register as a patient',
    },
  },
  mentalSupport: {
    title: 'Mental support chat',
    intro:
      'Our psychologists and mental health nurses help with stress, low mood, anxiety, sleep problems and life crises. Write to us securely, book a time, or call a crisis line if you need to talk to someone now.',
    crisis: {
      heading: 'If you need help right now',
      emergency: 'If your life or someone else’s is in danger, call the emergency number',
      helpline: 'MIELI Crisis Helpline: a confidential conversation with a crisis worker, anonymously if you wish',
      finnish: 'in Finnish, around the clock',
      swedish: 'in Swedish',
      english: 'in English, at set hours',
      hours: 'Opening hours of the lines in other languages',
      medical: 'Medical Helpline when you need urgent care and our clinics are closed (free of charge, around the clock)',
    },
    message: {
      heading: 'Write to us',
      text: 'Send a secure message to our care team: a mental health professional reads it and answers in the portal.',
      link: 'Start a conversation',
      responseTime: 'We answer messages within 1–3 business days. The chat is not for emergencies.',
      loginFirst: 'Log in to write to us securely.',
      login: 'Log in',
      unavailable: 'Secure messaging is not in use for you. Call our customer service or book a time below.',
      subject: 'Mental support',
    },
    book: {
      heading: 'Book a time',
      text: 'A psychologist’s appointment at a clinic or remotely: choose a free time that suits you.',
      link: 'Find a psychologist’s time',
    },
    phone: {
      heading: 'Call us',
      text: 'Our customer service directs you to the right professional.',
    },
  },
  occupationalLanding: {
    title: 'Occupational health appointment booking',
    intro:
      'Book an appointment on your employer’s occupational health agreement. Identify yourself first: we check your agreement and show the times it covers.',
    providers: 'Identify with',
    secureNote: 'Identification takes place over a secure connection.',
    notEmployee: 'Not an occupational health customer?',
    otherBooking: 'Book as a private customer',
  },
  practitioner: {
    title: '{{name}}',
    backToTeam: 'Occupational healthcare team',
    role: 'Title',
    languages: 'Languages',
    clinics: 'Clinics',
    remote: 'Also remote appointments',
    noClinics: 'Appointments through your occupational health nurse.',
    book: {
      heading: 'Book with {{name}}',
      specialties: 'What you can book',
      link: 'See {{name}}’s free times',
      notBookable: '{{name}} does not take online bookings. Contact your team by message or phone.',
    },
    absent: 'Absent {{period}}',
    substitute: 'Substitute: {{name}}',
    write: 'Send a message',
    language: { fi: 'Finnish', sv: 'Swedish', en: 'English' },
  },
};

export type CarePagesTexts = typeof en;

const fi: CarePagesTexts = {
  healthPortal: {
    title: 'Terveysportaali',
    frontText: 'Mihin oireiden kanssa kannattaa ottaa yhteyttä, terveysaiheita ja palvelumme.',
    open: 'Siirry terveysportaaliin',
    intro:
      'Terveystietoa ja palvelumme yhdessä paikassa: katso, mihin oireidesi kanssa kannattaa ottaa yhteyttä, lue tavallisista terveysasioista ja varaa aika.',
    symptoms: {
      heading: 'Oirearvio',
      intro: 'Valitse yhteydenottotapa sen mukaan, kuinka kiireellisiä oireesi ovat.',
      emergency: 'Henkeä uhkaava tilanne (esim. kova rintakipu, hengitysvaikeus, tajuttomuus, aivoverenkiertohäiriön oireet): soita hätänumeroon',
      urgent: 'Äkillinen sairastuminen, kun toimipisteemme ovat kiinni: soita Päivystysapuun (maksuton, ympäri vuorokauden)',
      nurse: 'Ei kiireellinen, mutta tarvitset neuvoa: soita asiakaspalveluumme, jossa hoitaja arvioi hoidon tarpeesi',
      message: 'Kiireettömät kysymykset hoitajillemme: lähetä suojattu viesti',
      book: 'Tiedät, kenet tarvitset: varaa aika',
    },
    booking: {
      heading: 'Varaa aika',
      text: 'Valitse vapaa aika toimipisteistämme tai etävastaanotolle. Työterveysasiakkaat varaavat ajan työnantajansa sopimuksella.',
      link: 'Varaa aika',
    },
    topics: {
      heading: 'Terveysaiheita',
      vaccinations: {
        title: 'Rokotukset',
        text: 'Pidä rokotuksesi ajan tasalla: kausi-influenssarokotetta suositellaan riskiryhmille joka syksy. Rokotushistoriasi on terveystiedoissasi.',
        link: 'Omat rokotukset',
      },
      laboratory: {
        title: 'Laboratoriotutkimukset',
        text: 'Lääkärin lähetteestä näet, mitkä tutkimukset otetaan ja tarvitaanko paastoa. Tulokset näkyvät portaalissa, kun lääkäri on katsonut ne.',
        link: 'Omat laboratoriotulokset',
      },
      prescriptions: {
        title: 'Lääkkeet ja reseptit',
        text: 'Uusi pitkäaikaisen lääkkeen resepti ennen kuin se loppuu: lääkäri käsittelee uusimispyynnöt muutamassa arkipäivässä.',
        link: 'Omat reseptit',
      },
      mentalSupport: {
        title: 'Mielen hyvinvointi',
        text: 'Stressi, alakulo ja ahdistus ovat yleisiä, ja niihin saa apua. Puhu meille, tai soita kriisipuhelimeen, jos tilanne tuntuu ylivoimaiselta.',
        link: 'Mielen tuki',
      },
    },
    register: {
      heading: 'Uusi asiakas?',
      text: 'Tunnistaudu ja anna yhteystietosi, niin sinusta tulee potilaamme: sen jälkeen voit varata aikoja ja nähdä terveystietosi täällä.',
      link: 'Rekisteröidy potilaaksi',
    },
  },
  mentalSupport: {
    title: 'Mielen tuen chat',
    intro:
      'Psykologimme ja psykiatriset sairaanhoitajamme auttavat stressissä, alakulossa, ahdistuksessa, univaikeuksissa ja elämän kriiseissä. Kirjoita meille suojatusti, varaa aika tai soita kriisipuhelimeen, jos tarvitset keskusteluapua heti.',
    crisis: {
      heading: 'Jos tarvitset apua heti',
      emergency: 'Jos oma tai toisen henki on vaarassa, soita hätänumeroon',
      helpline: 'MIELI Kriisipuhelin: luottamuksellista keskusteluapua kriisityöntekijän kanssa, halutessasi nimettömänä',
      finnish: 'suomeksi, ympäri vuorokauden',
      swedish: 'ruotsiksi',
      english: 'englanniksi, tiettyinä aikoina',
      hours: 'Muunkielisten linjojen aukioloajat',
      medical: 'Päivystysapu, kun tarvitset kiireellistä hoitoa eivätkä toimipisteemme ole auki (maksuton, ympäri vuorokauden)',
    },
    message: {
      heading: 'Kirjoita meille',
      text: 'Lähetä suojattu viesti hoitotiimillemme: mielenterveyden ammattilainen lukee sen ja vastaa portaalissa.',
      link: 'Aloita keskustelu',
      responseTime: 'Vastaamme viesteihin 1–3 arkipäivän kuluessa. Chat ei ole hätätilanteita varten.',
      loginFirst: 'Kirjaudu sisään, niin voit kirjoittaa meille suojatusti.',
      login: 'Kirjaudu',
      unavailable: 'Suojattu viestintä ei ole käytössäsi. Soita asiakaspalveluumme tai varaa aika alta.',
      subject: 'Mielen tuki',
    },
    book: {
      heading: 'Varaa aika',
      text: 'Psykologin vastaanotto toimipisteessä tai etänä: valitse sinulle sopiva vapaa aika.',
      link: 'Etsi psykologin aika',
    },
    phone: {
      heading: 'Soita meille',
      text: 'Asiakaspalvelumme ohjaa sinut oikealle ammattilaiselle.',
    },
  },
  occupationalLanding: {
    title: 'Työterveyden ajanvaraus',
    intro: 'Varaa aika työnantajasi työterveyssopimuksella. Tunnistaudu ensin: tarkistamme sopimuksesi ja näytämme sen kattamat ajat.',
    providers: 'Tunnistaudu',
    secureNote: 'Tunnistautuminen tapahtuu suojatun yhteyden kautta.',
    notEmployee: 'Etkö ole työterveysasiakas?',
    otherBooking: 'Varaa aika yksityisasiakkaana',
  },
  practitioner: {
    title: '{{name}}',
    backToTeam: 'Työterveystiimi',
    role: 'Nimike',
    languages: 'Kielet',
    clinics: 'Toimipisteet',
    remote: 'Myös etävastaanotot',
    noClinics: 'Ajat työterveyshoitajasi kautta.',
    book: {
      heading: 'Varaa aika: {{name}}',
      specialties: 'Mitä voit varata',
      link: 'Katso ammattilaisen {{name}} vapaat ajat',
      notBookable: '{{name}} ei ota vastaan verkkovarauksia. Ota yhteyttä tiimiisi viestillä tai puhelimitse.',
    },
    absent: 'Poissa {{period}}',
    substitute: 'Sijainen: {{name}}',
    write: 'Lähetä viesti',
    language: { fi: 'suomi', sv: 'ruotsi', en: 'englanti' },
  },
};

const sv: CarePagesTexts = {
  healthPortal: {
    title: 'Hälsoportalen',
    frontText: 'Vart du vänder dig med dina symtom, hälsoteman och våra tjänster.',
    open: 'Gå till hälsoportalen',
    intro: 'Hälsoinformation och våra tjänster på ett ställe: se vart du ska vända dig med dina symtom, läs om vanliga hälsofrågor och boka en tid.',
    symptoms: {
      heading: 'Bedöm dina symtom',
      intro: 'Välj vart du vänder dig efter hur brådskande dina symtom är.',
      emergency: 'Livshotande situation (t.ex. svår bröstsmärta, andningssvårigheter, medvetslöshet, symtom på stroke): ring nödnumret',
      urgent: 'Plötslig sjukdom när våra mottagningar är stängda: ring Jourhjälpen (avgiftsfritt, dygnet runt)',
      nurse: 'Inte brådskande men du behöver råd: ring vår kundtjänst, där en skötare bedömer ditt vårdbehov',
      message: 'Icke brådskande frågor till våra skötare: skicka ett skyddat meddelande',
      book: 'Du vet vem du behöver: boka en tid',
    },
    booking: {
      heading: 'Boka en tid',
      text: 'Välj en ledig tid på våra mottagningar eller en distansmottagning. Kunder inom företagshälsovården bokar enligt arbetsgivarens avtal.',
      link: 'Boka en tid',
    },
    topics: {
      heading: 'Hälsoteman',
      vaccinations: {
        title: 'Vaccinationer',
        text: 'Håll dina vaccinationer aktuella: vaccin mot säsongsinfluensa rekommenderas varje höst för riskgrupper. Din vaccinationshistorik finns bland dina hälsouppgifter.',
        link: 'Mina vaccinationer',
      },
      laboratory: {
        title: 'Laboratorieundersökningar',
        text: 'Av läkarens remiss ser du vilka prov som tas och om du ska fasta. Resultaten syns i portalen när en läkare har granskat dem.',
        link: 'Mina laboratorieresultat',
      },
      prescriptions: {
        title: 'Läkemedel och recept',
        text: 'Förnya receptet på ett långvarigt läkemedel innan det tar slut: en läkare behandlar förnyelsebegäran inom några vardagar.',
        link: 'Mina recept',
      },
      mentalSupport: {
        title: 'Psykiskt välbefinnande',
        text: 'Stress, nedstämdhet och ångest är vanliga och går att behandla. Tala med oss, eller ring en kristelefon om situationen känns överväldigande.',
        link: 'Psykiskt stöd',
      },
    },
    register: {
      heading: 'Ny kund?',
      text: 'Identifiera dig och ge dina kontaktuppgifter för att bli vår patient: sedan kan du boka tider och se dina hälsouppgifter här.',
      link: 'Registrera dig som patient',
    },
  },
  mentalSupport: {
    title: 'Chatt för psykiskt stöd',
    intro:
      'Våra psykologer och psykiatriska sjukskötare hjälper vid stress, nedstämdhet, ångest, sömnproblem och livskriser. Skriv till oss skyddat, boka en tid eller ring en kristelefon om du behöver prata med någon nu.',
    crisis: {
      heading: 'Om du behöver hjälp genast',
      emergency: 'Om ditt eller någon annans liv är i fara, ring nödnumret',
      helpline: 'MIELI Kristelefonen: ett förtroligt samtal med en krisarbetare, anonymt om du vill',
      finnish: 'på finska, dygnet runt',
      swedish: 'på svenska',
      english: 'på engelska, vissa tider',
      hours: 'Öppettiderna för linjerna på andra språk',
      medical: 'Jourhjälpen när du behöver brådskande vård och våra mottagningar är stängda (avgiftsfritt, dygnet runt)',
    },
    message: {
      heading: 'Skriv till oss',
      text: 'Skicka ett skyddat meddelande till vårt vårdteam: en yrkesperson inom psykisk hälsa läser det och svarar i portalen.',
      link: 'Starta en konversation',
      responseTime: 'Vi svarar på meddelanden inom 1–3 vardagar. Chatten är inte avsedd för nödsituationer.',
      loginFirst: 'Logga in för att skriva till oss skyddat.',
      login: 'Logga in',
      unavailable: 'Skyddade meddelanden används inte för dig. Ring vår kundtjänst eller boka en tid nedan.',
      subject: 'Psykiskt stöd',
    },
    book: {
      heading: 'Boka en tid',
      text: 'En psykologmottagning på plats eller på distans: välj en ledig tid som passar dig.',
      link: 'Hitta en tid hos en psykolog',
    },
    phone: {
      heading: 'Ring oss',
      text: 'Vår kundtjänst hänvisar dig till rätt yrkesperson.',
    },
  },
  occupationalLanding: {
    title: 'Tidsbokning inom företagshälsovården',
    intro: 'Boka en tid enligt arbetsgivarens avtal om företagshälsovård. Identifiera dig först: vi kontrollerar ditt avtal och visar de tider det omfattar.',
    providers: 'Identifiera dig med',
    secureNote: 'Identifieringen sker över en skyddad förbindelse.',
    notEmployee: 'Inte kund inom företagshälsovården?',
    otherBooking: 'Boka som privatkund',
  },
  practitioner: {
    title: '{{name}}',
    backToTeam: 'Företagshälsovårdsteamet',
    role: 'Titel',
    languages: 'Språk',
    clinics: 'Mottagningar',
    remote: 'Även distansmottagningar',
    noClinics: 'Tider via din företagshälsovårdare.',
    book: {
      heading: 'Boka en tid hos {{name}}',
      specialties: 'Vad du kan boka',
      link: 'Se lediga tider hos {{name}}',
      notBookable: '{{name}} tar inte emot bokningar på nätet. Kontakta ditt team med ett meddelande eller per telefon.',
    },
    absent: 'Frånvarande {{period}}',
    substitute: 'Vikarie: {{name}}',
    write: 'Skicka ett meddelande',
    language: { fi: 'finska', sv: 'svenska', en: 'engelska' },
  },
};

export default { en, fi, sv };
