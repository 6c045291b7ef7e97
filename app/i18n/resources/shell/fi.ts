import type { PageTexts } from './en';

const fi: PageTexts = {
  login: {
    title: 'Kirjaudu sisään',
    intro: 'Tunnistaudu verkkopankkitunnuksilla tai mobiilivarmenteella.',
    providersLabel: 'Valitse tunnistustapa',
    secureNote: 'Tunnistautuminen tapahtuu suojatun yhteyden kautta. Emme näe pankkitunnuksiasi.',
    providers: { mobile: 'Mobiilivarmenne' },
    cancelled: 'Tunnistautuminen keskeytettiin.',
    failed: 'Tunnistautuminen epäonnistui. Yritä uudelleen.',
    wrongMethod: 'Tunnistautumista ei tehty valitsemallasi tunnistustavalla. Valitse tunnistustapa ja yritä uudelleen.',
    again: {
      title: 'Tunnistaudu uudelleen',
      intro: 'Tee muutos tunnistautumalla uudelleen verkkopankkitunnuksilla tai mobiilivarmenteella. Sen jälkeen palaat takaisin siihen, mihin jäit.',
      back: 'Takaisin tunnistautumatta',
    },
  },
  testIdp: {
    title: 'Testitunnistuspalvelu',
    notice: 'Tämä on kehitysympäristön testipalvelu. Oikeaa tunnistusta ei tehdä.',
    provider: 'Valittu tunnistustapa: {{provider}}',
    identityCode: 'Henkilötunnus',
    identityCodeHint: 'Esimerkiksi 150385-9024',
    confirm: 'Vahvista',
    cancel: 'Peruuta',
    invalidCode: 'Tarkista henkilötunnus. Sen on oltava kelvollinen suomalainen henkilötunnus.',
    expired: 'Tunnistuspyyntö on vanhentunut. Aloita uudelleen asiointipalvelusta.',
  },
  eula: {
    title: 'Käyttöehdot',
    updated: 'Päivitetty 1.6.2025',
    sections: [
      {
        heading: 'Palvelu',
        body: 'Asiointipalvelussa voit varata ja hallita aikojasi, lukea terveystietojasi, maksaa laskuja ja lähettää suojattuja viestejä hoitotiimillesi. Palvelun tarjoaa sivun yläreunassa mainittu klinikka.',
      },
      {
        heading: 'Tunnistautuminen',
        body: 'Kirjaudut vahvalla sähköisellä tunnistuksella (verkkopankkitunnukset tai mobiilivarmenne). Älä anna kenenkään muun käyttää palvelua henkilöllisyydelläsi. Kirjaudu ulos lopettaessasi, erityisesti yhteiskäytössä olevalla laitteella.',
      },
      {
        heading: 'Toisen puolesta asiointi',
        body: 'Huoltaja voi hoitaa enintään 11-vuotiaan lapsen asioita. 12 vuotta täyttäneet kirjautuvat itse. Oikeus asioida toisen puolesta tarkistetaan väestötietojärjestelmästä.',
      },
      {
        heading: 'Tietosi',
        body: 'Potilastietojasi käsitellään potilaan asemasta ja oikeuksista annetun lain ja EU:n tietosuoja-asetuksen mukaisesti. Jokainen potilastietojen katselu ja muutos kirjataan lokiin. Voit pyytää tiedon siitä, kuka tietojasi on käsitellyt.',
      },
      {
        heading: 'Saatavuus',
        body: 'Pyrimme pitämään palvelun aina käytettävissä, mutta emme voi taata sitä. Kiireellisissä asioissa soita asiakaspalveluumme tai hätätilanteessa numeroon 112.',
      },
    ],
  },
  help: {
    title: 'Ohjeita',
    customerServiceTitle: 'Asiakaspalvelu',
    instructionsTitle: 'Ohjeita potilaalle',
    instructions: [
      'Saavu vastaanotolle noin 10 minuuttia ennen varattua aikaa ja ilmoittaudu vastaanoton aulassa tai ajanvarauksen sivulla.',
      'Jos et pääse paikalle, peru aikasi viimeistään 24 tuntia ennen vastaanottoa. Peruuttamatta jätetystä ajasta voidaan periä maksu.',
      'Ota mukaan Kela-kortti tai muu henkilöllisyystodistus sekä tieto käyttämistäsi lääkkeistä.',
      'Laboratorionäytteitä varten noudata lähetteen esivalmisteluohjeita, esimerkiksi paastoa.',
    ],
    faqTitle: 'Usein kysyttyä',
    faq: [
      {
        q: 'Miten kirjaudun palveluun?',
        a: 'Valitse Kirjaudu sisään ja tunnistaudu verkkopankkitunnuksilla tai mobiilivarmenteella.',
      },
      {
        q: 'Voinko hoitaa lapseni asioita?',
        a: 'Huoltaja voi hoitaa enintään 11-vuotiaan lapsen asioita. 12 vuotta täyttäneet kirjautuvat itse omilla tunnuksillaan.',
      },
      {
        q: 'Miten perun ajan?',
        a: 'Avaa ajanvaraus ja valitse Peru aika. Jos peruminen ei enää onnistu verkossa, soita asiakaspalveluumme.',
      },
    ],
    smsFaq: {
      q: 'Mikä on tekstiviestikirjautuminen?',
      a: 'Kun olet ottanut tekstiviestikirjautumisen käyttöön, voit vanhentuneen istunnon jälkeen jatkaa asiointia puhelimeesi lähetettävällä koodilla ilman uutta pankkitunnistautumista.',
    },
  },
  childrensChat: {
    title: 'Pikkutsatti on muuttanut',
    text: 'Lasten ja nuorten Pikkutsatti löytyy nyt mobiilisovelluksestamme. Lataa sovellus ja keskustele hoitajan kanssa.',
    anonymousText: 'Sinun ei tarvitse kirjautua tässä: sovellus pyytää tunnistautumaan, kun aloitat keskustelun.',
    paymentIntentTitle: 'Chatin maksu',
    paymentIntentText: 'Jos maksoit chatista, maksu käsitellään sovelluksessa ja keskustelu jatkuu siellä. Kuitti löytyy sovelluksesta.',
  },
  outbox: {
    title: 'Lähtevät viestit (kehitys)',
    intro: 'Palvelun lähettämät viestit uusin ensin. Tätä sivua ei ole tuotannossa.',
    empty: 'Ei viestejä.',
    channel: 'Kanava',
    recipient: 'Vastaanottaja',
    subject: 'Aihe',
    created: 'Luotu',
    state: 'Tila',
    states: { queued: 'Jonossa', sending: 'Lähetetään', sent: 'Lähetetty', failed: 'Epäonnistui' },
    tries: 'Yrityksiä',
    lastErrorClass: 'Viimeisin virhe',
    notBefore: 'Seuraava yritys',
    sentAt: 'Lähetetty',
    kind: 'Laji',
    language: 'Kieli',
    email: {
      footer: 'Tämän viestin lähetti automaattisesti {{brand}}. Vastauksia tähän viestiin ei lueta.',
    },
  },
};

export default fi;
