/**
 * Texts of the accessibility statement, its feedback form and the staff area's list of feedback
 * (issue 23 part 5, ADR 0032), fi/sv/en side by side. `en` defines the shape.
 *
 * The statement follows the model of the Act on the Provision of Digital Services (306/2019)
 * and the supervisory authority's template (saavutettavuusvaatimukset.fi): how accessible the
 * service is, what is not yet and why, how it was assessed and when, the feedback channel and
 * the supervisory authority. What is not yet accessible is the one list of known problems in
 * app/models/shell/accessibility-statement.ts: `problems` has a text for each of its ids (and no
 * other).
 */
import type { KnownProblemId } from '~/models/shell/accessibility-statement';
const en = {
  title: 'Accessibility statement',
  intro:
    'This accessibility statement covers the {{brand}} patient portal ({{origin}}): logging in, booking and managing appointments, health records, messages, invoices and payment, and my information.',
  law: 'The requirements for the accessibility of digital services are laid down in the Act on the Provision of Digital Services (306/2019), and their technical level in the WCAG 2.1 guidelines at level AA and the European standard EN 301 549. The portal is built to meet them, and this statement follows the model the Act sets.',
  status: {
    heading: 'How accessible is the portal',
    body: 'The portal partially meets the accessibility requirements of WCAG 2.1 level AA. The shortcomings we know of are listed below.',
    /** When the list of known problems is empty. */
    bodyNoneKnown: 'The portal meets the accessibility requirements of WCAG 2.1 level AA as far as we know: we know of no shortcomings.',
  },
  gaps: {
    heading: 'Content that is not yet accessible',
    intro: 'We are fixing these. Until then, our customer service helps with each of them by phone.',
  },
  problems: {
    vanishingNotices: {
      title: 'Notices that disappear',
      criteria: 'WCAG 2.2.1 Timing Adjustable',
      body: 'With JavaScript on, the notice that tells whether an action succeeded or failed (for example “Preliminary information saved successfully”, or a failed cancellation with our phone number) disappears after 10 seconds; the reason for the visit’s notices after 5 seconds and “The appointment has been cancelled” after 15 seconds. A notice cannot be kept on screen longer. Screen readers announce it when it appears, and without JavaScript it stays on its page.',
    },
  } satisfies Record<KnownProblemId, ProblemTexts>,
  outside: {
    heading: 'Content outside the requirements',
    body: 'Strong identification (the banks’ and the mobile certificate’s pages) and online payment (the payment provider’s pages) are services of other companies. Their accessibility is described in their own accessibility statements.',
  },
  testing: {
    heading: 'How the portal has been assessed',
    items: [
      'Every page of the portal, in Finnish, Swedish and English and with the different states of each page (for example errors in forms), is checked automatically with the axe-core accessibility engine every time the portal is changed.',
      'Every page is also tested automatically with JavaScript switched off, and works without it.',
      'In November 2026 the portal was also checked with a second accessibility engine, a second HTML validator and PDF tools; what they found has since been fixed.',
    ],
    notDone:
      'The portal has not yet been tested systematically with keyboard only, with screen readers or with screen magnification, nor by users of assistive technology. Automatic tools find only part of the accessibility problems, so there may be shortcomings we do not know of yet.',
  },
  prepared: {
    heading: 'About this statement',
    body: 'This statement was prepared on {{prepared}} and last reviewed on {{reviewed}}. It is based on our own assessment.',
  },
  feedback: {
    heading: 'Feedback',
    body: 'Did you notice an accessibility problem in the portal? Tell us, and we will fix it or help you in another way. We answer within 14 days.',
    link: 'Send accessibility feedback',
    phone: 'You can also call our customer service:',
  },
  authority: {
    heading: 'Supervisory authority',
    body: 'If you notice problems with accessibility, first give feedback to us. If you are not satisfied with our answer, or do not get one within two weeks, you can make a report to the supervisory authority.',
    name: 'Finnish Transport and Communications Agency Traficom, accessibility supervision',
    website: 'www.saavutettavuusvaatimukset.fi',
    phone: 'Switchboard 029 534 5000',
  },
  feedbackForm: {
    title: 'Accessibility feedback',
    intro:
      'Tell us where in the portal you met a problem and what it was. Do not write health information or identity codes here. If you want an answer, give your e-mail address: we confirm that we received the feedback and answer within 14 days.',
    location: 'Where was the problem?',
    locationHint: 'For example the page’s name or address, or what you were doing.',
    description: 'What was the problem?',
    descriptionHint: 'For example what did not work, and with which device or assistive technology.',
    email: 'E-mail for an answer (optional)',
    emailHint: 'Only for answering this feedback.',
    send: 'Send feedback',
    sending: 'Sending…',
    backToStatement: 'Back to the accessibility statement',
    errors: {
      locationRequired: 'Tell us where the problem was.',
      locationTooLong: 'Shorten the description of the place to 300 characters.',
      descriptionRequired: 'Tell us what the problem was.',
      descriptionTooLong: 'Shorten the description to 4000 characters.',
      email: 'Check the e-mail address.',
    },
  },
  feedbackReceived: {
    title: 'Thank you for your feedback',
    body: 'We received your accessibility feedback and will look into it.',
    withEmail: 'We sent a confirmation to the e-mail address you gave and will answer there within 14 days.',
    withoutEmail: 'You did not give an e-mail address, so we cannot answer you personally.',
  },
  acknowledgement: {
    subject: 'We received your accessibility feedback – {{brand}}',
    body: 'Hello,\n\nthank you for your feedback on the accessibility of the {{brand}} patient portal. We received it on {{date}} and will answer you within 14 days.\n\nThis message was sent automatically; please do not reply to it. You can reach our customer service at {{phone}}.\n\n{{brand}}',
  },
  staff: {
    title: 'Accessibility feedback',
    navLink: 'Accessibility feedback',
    empty: 'No feedback has been received.',
    received: 'Received',
    brandLanguage: 'Brand and language',
    location: 'Where',
    description: 'Problem',
    email: 'E-mail for an answer',
    noEmail: 'Not given',
    acknowledged: 'Receipt confirmed by e-mail',
    pages: 'Pages of feedback',
    previous: 'Newer',
    next: 'Older',
    brands: { general: 'General clinic', children: 'Children’s clinic' },
    languages: { fi: 'Finnish', sv: 'Swedish', en: 'English' },
  },
};

interface ProblemTexts {
  title: string;
  body: string;
  /** The WCAG 2.1 success criteria it fails, named. */
  criteria: string;
}

export type AccessibilityTexts = typeof en;

const fi: AccessibilityTexts = {
  title: 'Saavutettavuusseloste',
  intro:
    'Tämä saavutettavuusseloste koskee palveluntarjoajan {{brand}} potilasportaalia ({{origin}}): kirjautumista, ajanvarausta ja varattujen aikojen hallintaa, terveystietoja, viestejä, laskuja ja maksamista sekä omia tietoja.',
  law: 'Digitaalisten palvelujen saavutettavuuden vaatimuksista säädetään laissa digitaalisten palvelujen tarjoamisesta (306/2019), ja niiden tekninen taso on WCAG 2.1 -ohjeiden AA-taso ja eurooppalainen standardi EN 301 549. Portaali on tehty täyttämään ne, ja tämä seloste noudattaa lain mallia.',
  status: {
    heading: 'Portaalin saavutettavuuden tila',
    body: 'Portaali täyttää WCAG 2.1 -ohjeiden AA-tason saavutettavuusvaatimukset osittain. Tiedossamme olevat puutteet on lueteltu alla.',
    bodyNoneKnown: 'Portaali täyttää tietojemme mukaan WCAG 2.1 -ohjeiden AA-tason saavutettavuusvaatimukset: emme tiedä puutteista.',
  },
  gaps: {
    heading: 'Sisällöt, jotka eivät vielä ole saavutettavia',
    intro: 'Korjaamme nämä. Siihen asti asiakaspalvelumme auttaa jokaisessa niistä puhelimitse.',
  },
  problems: {
    vanishingNotices: {
      title: 'Katoavat ilmoitukset',
      criteria: 'WCAG 2.2.1 Säädettävä ajoitus',
      body: 'Kun JavaScript on käytössä, ilmoitus toiminnon onnistumisesta tai epäonnistumisesta (esimerkiksi ”Esitiedot tallennettu” tai epäonnistunut peruutus puhelinnumeroineen) katoaa 10 sekunnin kuluttua, käynnin syytä koskevat ilmoitukset 5 sekunnin ja ”Aika on peruttu” 15 sekunnin kuluttua. Ilmoitusta ei voi pitää näkyvissä pidempään. Ruudunlukija lukee ilmoituksen sen ilmestyessä, ja ilman JavaScriptiä ilmoitus pysyy sivullaan.',
    },
  },
  outside: {
    heading: 'Saavutettavuusvaatimusten ulkopuolinen sisältö',
    body: 'Vahva tunnistautuminen (pankkien ja mobiilivarmenteen sivut) ja verkkomaksaminen (maksunvälittäjän sivut) ovat muiden yritysten palveluja. Niiden saavutettavuus kerrotaan niiden omissa saavutettavuusselosteissa.',
  },
  testing: {
    heading: 'Miten portaalin saavutettavuus on arvioitu',
    items: [
      'Portaalin jokainen sivu suomeksi, ruotsiksi ja englanniksi sekä sivujen eri tilat (esimerkiksi lomakkeiden virheet) tarkistetaan automaattisesti axe-core-saavutettavuustyökalulla aina, kun portaalia muutetaan.',
      'Jokainen sivu testataan automaattisesti myös JavaScript poissa käytöstä, ja se toimii ilman sitä.',
      'Marraskuussa 2026 portaali tarkistettiin lisäksi toisella saavutettavuustyökalulla, toisella HTML-validaattorilla ja PDF-työkaluilla; niiden havainnot on sittemmin korjattu.',
    ],
    notDone:
      'Portaalia ei ole vielä testattu järjestelmällisesti pelkällä näppäimistöllä, ruudunlukijoilla tai ruudun suurennuksella, eikä apuvälineiden käyttäjien kanssa. Automaattiset työkalut löytävät vain osan saavutettavuusongelmista, joten puutteita voi olla, joista emme vielä tiedä.',
  },
  prepared: {
    heading: 'Tietoa selosteesta',
    body: 'Tämä seloste on laadittu {{prepared}} ja viimeksi tarkistettu {{reviewed}}. Seloste perustuu omaan arvioomme.',
  },
  feedback: {
    heading: 'Palaute',
    body: 'Huomasitko portaalissa saavutettavuuspuutteen? Kerro siitä meille, niin korjaamme sen tai autamme sinua muulla tavoin. Vastaamme 14 päivän kuluessa.',
    link: 'Anna saavutettavuuspalautetta',
    phone: 'Voit myös soittaa asiakaspalveluumme:',
  },
  authority: {
    heading: 'Valvontaviranomainen',
    body: 'Jos huomaat sivustolla saavutettavuusongelmia, anna ensin palautetta meille. Jos et ole tyytyväinen vastaukseemme tai et saa vastausta kahden viikon kuluessa, voit tehdä ilmoituksen valvontaviranomaiselle.',
    name: 'Liikenne- ja viestintävirasto Traficom, saavutettavuusvalvonta',
    website: 'www.saavutettavuusvaatimukset.fi',
    phone: 'Puhelinvaihde 029 534 5000',
  },
  feedbackForm: {
    title: 'Saavutettavuuspalaute',
    intro:
      'Kerro, missä kohtaa portaalia kohtasit ongelman ja mikä se oli. Älä kirjoita tähän terveystietoja tai henkilötunnuksia. Jos haluat vastauksen, anna sähköpostiosoitteesi: vahvistamme palautteen saapuneen ja vastaamme 14 päivän kuluessa.',
    location: 'Missä ongelma oli?',
    locationHint: 'Esimerkiksi sivun nimi tai osoite tai mitä olit tekemässä.',
    description: 'Mikä ongelma oli?',
    descriptionHint: 'Esimerkiksi mikä ei toiminut ja millä laitteella tai apuvälineellä.',
    email: 'Sähköposti vastausta varten (vapaaehtoinen)',
    emailHint: 'Vain tähän palautteeseen vastaamista varten.',
    send: 'Lähetä palaute',
    sending: 'Lähetetään…',
    backToStatement: 'Takaisin saavutettavuusselosteeseen',
    errors: {
      locationRequired: 'Kerro, missä ongelma oli.',
      locationTooLong: 'Lyhennä paikan kuvaus 300 merkkiin.',
      descriptionRequired: 'Kerro, mikä ongelma oli.',
      descriptionTooLong: 'Lyhennä kuvaus 4000 merkkiin.',
      email: 'Tarkista sähköpostiosoite.',
    },
  },
  feedbackReceived: {
    title: 'Kiitos palautteestasi',
    body: 'Saimme saavutettavuuspalautteesi ja selvitämme asian.',
    withEmail: 'Lähetimme vahvistuksen antamaasi sähköpostiosoitteeseen ja vastaamme siihen 14 päivän kuluessa.',
    withoutEmail: 'Et antanut sähköpostiosoitetta, joten emme voi vastata sinulle henkilökohtaisesti.',
  },
  acknowledgement: {
    subject: 'Saimme saavutettavuuspalautteesi – {{brand}}',
    body: 'Hei,\n\nkiitos palautteestasi potilasportaalimme ({{brand}}) saavutettavuudesta. Saimme sen {{date}} ja vastaamme sinulle 14 päivän kuluessa.\n\nTämä viesti on lähetetty automaattisesti, älä vastaa siihen. Asiakaspalvelumme tavoitat numerosta {{phone}}.\n\n{{brand}}',
  },
  staff: {
    title: 'Saavutettavuuspalaute',
    navLink: 'Saavutettavuuspalaute',
    empty: 'Palautetta ei ole tullut.',
    received: 'Saapunut',
    brandLanguage: 'Brändi ja kieli',
    location: 'Missä',
    description: 'Ongelma',
    email: 'Sähköposti vastausta varten',
    noEmail: 'Ei annettu',
    acknowledged: 'Saapuminen vahvistettu sähköpostilla',
    pages: 'Palautteen sivut',
    previous: 'Uudemmat',
    next: 'Vanhemmat',
    brands: { general: 'Yleinen klinikka', children: 'Lastenklinikka' },
    languages: { fi: 'suomi', sv: 'ruotsi', en: 'englanti' },
  },
};

const sv: AccessibilityTexts = {
  title: 'Tillgänglighetsutlåtande',
  intro:
    'Detta tillgänglighetsutlåtande gäller patientportalen {{brand}} ({{origin}}): inloggning, tidsbokning och hantering av bokade tider, hälsouppgifter, meddelanden, fakturor och betalning samt mina uppgifter.',
  law: 'Kraven på tillgängligheten i digitala tjänster finns i lagen om tillhandahållande av digitala tjänster (306/2019), och deras tekniska nivå är nivå AA i riktlinjerna WCAG 2.1 och den europeiska standarden EN 301 549. Portalen är byggd för att uppfylla dem, och detta utlåtande följer lagens modell.',
  status: {
    heading: 'Portalens tillgänglighet',
    body: 'Portalen uppfyller delvis tillgänglighetskraven på nivå AA i WCAG 2.1. De brister vi känner till finns nedan.',
    bodyNoneKnown: 'Portalen uppfyller såvitt vi vet tillgänglighetskraven på nivå AA i WCAG 2.1: vi känner inte till några brister.',
  },
  gaps: {
    heading: 'Innehåll som ännu inte är tillgängligt',
    intro: 'Vi åtgärdar dessa. Till dess hjälper vår kundtjänst med var och en av dem per telefon.',
  },
  problems: {
    vanishingNotices: {
      title: 'Meddelanden som försvinner',
      criteria: 'WCAG 2.2.1 Justerbar tidsgräns',
      body: 'När JavaScript är på försvinner meddelandet om att en åtgärd lyckades eller misslyckades (till exempel ”Förhandsuppgifterna har sparats”, eller en misslyckad avbokning med vårt telefonnummer) efter 10 sekunder, meddelandena om besökets orsak efter 5 sekunder och ”Tiden har avbokats” efter 15 sekunder. Ett meddelande kan inte hållas kvar längre. Skärmläsare läser upp det när det visas, och utan JavaScript stannar det kvar på sin sida.',
    },
  },
  outside: {
    heading: 'Innehåll som inte omfattas av kraven',
    body: 'Stark identifiering (bankernas och mobilcertifikatets sidor) och betalning på nätet (betalningsförmedlarens sidor) är andra företags tjänster. Deras tillgänglighet beskrivs i deras egna tillgänglighetsutlåtanden.',
  },
  testing: {
    heading: 'Hur portalens tillgänglighet har bedömts',
    items: [
      'Varje sida i portalen på finska, svenska och engelska, och sidornas olika lägen (till exempel fel i formulär), kontrolleras automatiskt med tillgänglighetsverktyget axe-core varje gång portalen ändras.',
      'Varje sida testas automatiskt också utan JavaScript och fungerar utan det.',
      'I november 2026 kontrollerades portalen dessutom med ett andra tillgänglighetsverktyg, en andra HTML-validerare och PDF-verktyg; det de hittade har sedan dess åtgärdats.',
    ],
    notDone:
      'Portalen har ännu inte testats systematiskt med enbart tangentbord, med skärmläsare eller med skärmförstoring, och inte heller av användare av hjälpmedel. Automatiska verktyg hittar bara en del av tillgänglighetsproblemen, så det kan finnas brister som vi ännu inte känner till.',
  },
  prepared: {
    heading: 'Om utlåtandet',
    body: 'Detta utlåtande har utarbetats {{prepared}} och granskades senast {{reviewed}}. Det grundar sig på vår egen bedömning.',
  },
  feedback: {
    heading: 'Respons',
    body: 'Märkte du en tillgänglighetsbrist i portalen? Berätta för oss, så åtgärdar vi den eller hjälper dig på annat sätt. Vi svarar inom 14 dagar.',
    link: 'Ge respons om tillgängligheten',
    phone: 'Du kan också ringa vår kundtjänst:',
  },
  authority: {
    heading: 'Tillsynsmyndighet',
    body: 'Om du märker tillgänglighetsproblem på webbplatsen, ge först respons till oss. Om du inte är nöjd med vårt svar eller inte får något svar inom två veckor, kan du göra en anmälan till tillsynsmyndigheten.',
    name: 'Transport- och kommunikationsverket Traficom, tillgänglighetstillsynen',
    website: 'www.saavutettavuusvaatimukset.fi',
    phone: 'Växel 029 534 5000',
  },
  feedbackForm: {
    title: 'Respons om tillgängligheten',
    intro:
      'Berätta var i portalen du stötte på ett problem och vad det var. Skriv inte hälsouppgifter eller personbeteckningar här. Om du vill ha svar, ange din e-postadress: vi bekräftar att vi har fått responsen och svarar inom 14 dagar.',
    location: 'Var fanns problemet?',
    locationHint: 'Till exempel sidans namn eller adress, eller vad du höll på med.',
    description: 'Vad var problemet?',
    descriptionHint: 'Till exempel vad som inte fungerade, och med vilken enhet eller vilket hjälpmedel.',
    email: 'E-post för svar (frivillig)',
    emailHint: 'Bara för att svara på denna respons.',
    send: 'Skicka respons',
    sending: 'Skickar…',
    backToStatement: 'Tillbaka till tillgänglighetsutlåtandet',
    errors: {
      locationRequired: 'Berätta var problemet fanns.',
      locationTooLong: 'Förkorta beskrivningen av platsen till 300 tecken.',
      descriptionRequired: 'Berätta vad problemet var.',
      descriptionTooLong: 'Förkorta beskrivningen till 4000 tecken.',
      email: 'Kontrollera e-postadressen.',
    },
  },
  feedbackReceived: {
    title: 'Tack för din respons',
    body: 'Vi har fått din respons om tillgängligheten och utreder saken.',
    withEmail: 'Vi skickade en bekräftelse till e-postadressen du angav och svarar där inom 14 dagar.',
    withoutEmail: 'Du angav ingen e-postadress, så vi kan inte svara dig personligen.',
  },
  acknowledgement: {
    subject: 'Vi har fått din respons om tillgängligheten – {{brand}}',
    body: 'Hej,\n\ntack för din respons om tillgängligheten i patientportalen {{brand}}. Vi fick den {{date}} och svarar dig inom 14 dagar.\n\nDetta meddelande har skickats automatiskt, svara inte på det. Vår kundtjänst når du på {{phone}}.\n\n{{brand}}',
  },
  staff: {
    title: 'Respons om tillgängligheten',
    navLink: 'Respons om tillgängligheten',
    empty: 'Ingen respons har kommit.',
    received: 'Mottagen',
    brandLanguage: 'Varumärke och språk',
    location: 'Var',
    description: 'Problem',
    email: 'E-post för svar',
    noEmail: 'Inte angiven',
    acknowledged: 'Mottagandet bekräftat per e-post',
    pages: 'Sidor med respons',
    previous: 'Nyare',
    next: 'Äldre',
    brands: { general: 'Allmän klinik', children: 'Barnklinik' },
    languages: { fi: 'finska', sv: 'svenska', en: 'engelska' },
  },
};

export default { en, fi, sv };
