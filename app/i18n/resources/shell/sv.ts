import type { PageTexts } from './en';

const sv: PageTexts = {
  login: {
    title: 'Logga in',
    intro: 'Identifiera dig med nätbankskoder eller mobilcertifikat.',
    providersLabel: 'Välj identifieringssätt',
    secureNote: 'Identifieringen sker via en skyddad förbindelse. Vi ser aldrig dina bankkoder.',
    providers: { mobile: 'Mobilcertifikat' },
    cancelled: 'Identifieringen avbröts.',
    failed: 'Identifieringen misslyckades. Försök igen.',
    wrongMethod: 'Identifieringen gjordes inte med den metod du valde. Välj identifieringsmetod och försök igen.',
    again: {
      title: 'Identifiera dig på nytt',
      intro: 'För att göra ändringen ska du identifiera dig på nytt med nätbankskoder eller mobilcertifikat. Sedan kommer du tillbaka dit du var.',
      back: 'Tillbaka utan att identifiera dig',
    },
  },
  testIdp: {
    title: 'Testidentifieringstjänst',
    notice: 'Detta är en testtjänst i utvecklingsmiljön. Ingen riktig identifiering görs.',
    provider: 'Valt identifieringssätt: {{provider}}',
    identityCode: 'Personbeteckning',
    identityCodeHint: 'Till exempel 150385-9024',
    confirm: 'Bekräfta',
    cancel: 'Avbryt',
    invalidCode: 'Kontrollera personbeteckningen. Den måste vara en giltig finländsk personbeteckning.',
    expired: 'Identifieringsbegäran har gått ut. Börja om från e-tjänsten.',
  },
  eula: {
    title: 'Användarvillkor',
    updated: 'Uppdaterad 1.6.2025',
    sections: [
      {
        heading: 'Tjänsten',
        body: 'I e-tjänsten kan du boka och hantera tider, läsa dina hälsouppgifter, betala fakturor och skicka skyddade meddelanden till ditt vårdteam. Tjänsten tillhandahålls av kliniken som nämns högst upp på sidan.',
      },
      {
        heading: 'Identifiering',
        body: 'Du loggar in med stark elektronisk identifiering (nätbankskoder eller mobilcertifikat). Låt ingen annan använda tjänsten med din identitet. Logga ut när du slutar, särskilt på en delad enhet.',
      },
      {
        heading: 'Att sköta ärenden för någon annan',
        body: 'En vårdnadshavare kan sköta ärenden för ett barn som är högst 11 år. Unga som fyllt 12 år loggar in själva. Rätten att sköta ärenden för någon annan kontrolleras i befolkningsdatasystemet.',
      },
      {
        heading: 'Dina uppgifter',
        body: 'Dina patientuppgifter behandlas enligt lagen om patientens ställning och rättigheter och EU:s dataskyddsförordning. Varje visning och ändring av patientuppgifter loggas. Du kan begära uppgift om vem som har behandlat dina uppgifter.',
      },
      {
        heading: 'Tillgänglighet',
        body: 'Vi strävar efter att tjänsten alltid ska vara tillgänglig men kan inte garantera det. I brådskande ärenden ring vår kundtjänst eller i nödfall 112.',
      },
    ],
  },
  help: {
    title: 'Anvisningar',
    customerServiceTitle: 'Kundtjänst',
    instructionsTitle: 'Anvisningar för patienter',
    instructions: [],
    faqTitle: 'Vanliga frågor',
    faq: [],
    smsFaq: { q: '', a: '' },
  },
  childrensChat: {
    title: 'Pikkutsatti har flyttat',
    text: 'Pikkutsatti för barn och unga finns nu i vår mobilapp. Ladda ner appen för att chatta med en skötare.',
    anonymousText: 'Du behöver inte logga in här: appen ber dig identifiera dig när du börjar en chatt.',
    paymentIntentTitle: 'Betalning för chatten',
    paymentIntentText: 'Om du betalade för en chatt behandlas betalningen i appen och chatten fortsätter där. Kvittot finns i appen.',
  },
  outbox: {
    title: 'Utkorg (utveckling)',
    intro: 'Meddelanden som tjänsten har skickat, nyaste först. Sidan finns inte i produktion.',
    empty: 'Inga meddelanden ännu.',
    channel: 'Kanal',
    recipient: 'Mottagare',
    subject: 'Ämne',
    created: 'Skapad',
    state: 'Status',
    states: { queued: 'I kö', sending: 'Skickas', sent: 'Skickat', failed: 'Misslyckades' },
    tries: 'Försök',
    lastErrorClass: 'Senaste fel',
    notBefore: 'Nästa försök',
    sentAt: 'Skickat',
    kind: 'Typ',
    language: 'Språk',
    email: {
      footer: 'Detta meddelande skickades automatiskt av {{brand}}. Svar på det läses inte.',
    },
  },
};

export default sv;
