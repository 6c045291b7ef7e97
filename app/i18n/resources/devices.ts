/**
 * Texts of "my devices" (issue 23 part 3, ADR 0032): the person's login sessions, ending one or
 * all the others; fi/sv/en side by side. `en` defines the shape. Browser and system names are
 * proper nouns and are not translated.
 */
const en = {
  title: 'My devices',
  link: 'My devices',
  linkHint: 'See where you are logged in and log out a lost or unfamiliar device.',
  intro:
    'You are logged in to the portal on these devices and browsers now. If you do not recognise one, or have lost the device, log it out here: it is logged out at once, and its next page asks for identification again.',
  listLabel: 'Devices where you are logged in',
  thisDevice: 'This device',
  device: '{{browser}} on {{os}}',
  unknownBrowser: 'Unknown browser',
  unknownOs: 'unknown system',
  kinds: { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet', unknown: 'Unknown device' },
  inApp: 'In the mobile app',
  identifiedWith: 'Identified with',
  methods: {
    bank: 'Online banking codes ({{name}})',
    mobile: 'Mobile certificate',
    sms: 'SMS code',
    other: 'Other identification',
  },
  started: 'Logged in',
  lastActive: 'Last active',
  revoke: 'Log out',
  revokeDetail: '{{device}}, last active {{time}}',
  revokePending: 'Logging out…',
  revokeOthers: 'Log out all other devices',
  revokeOthersHint: 'Use this if you have lost a phone or logged in on a shared computer. You stay logged in here.',
  onlyThis: 'You are not logged in on any other device.',
  logOutHere: 'To log out of this device, use Log out.',
  revoked: 'The device has been logged out.',
  revokedOthers: 'All your other devices have been logged out.',
  noneRevoked: 'You were not logged in on any other device.',
};

export type DevicesTexts = typeof en;

const fi: DevicesTexts = {
  title: 'Omat laitteet',
  link: 'Omat laitteet',
  linkHint: 'Katso, missä olet kirjautuneena, ja kirjaa ulos kadonnut tai tuntematon laite.',
  intro:
    'Olet nyt kirjautuneena palveluun näillä laitteilla ja selaimilla. Jos et tunnista jotakin niistä tai laite on kadonnut, kirjaa se ulos täällä: se kirjautuu ulos heti, ja sen seuraava sivu pyytää tunnistautumaan uudelleen.',
  listLabel: 'Laitteet, joilla olet kirjautuneena',
  thisDevice: 'Tämä laite',
  device: '{{browser}}, {{os}}',
  unknownBrowser: 'Tuntematon selain',
  unknownOs: 'tuntematon käyttöjärjestelmä',
  kinds: { desktop: 'Tietokone', mobile: 'Puhelin', tablet: 'Tabletti', unknown: 'Tuntematon laite' },
  inApp: 'Mobiilisovelluksessa',
  identifiedWith: 'Tunnistautumistapa',
  methods: {
    bank: 'Pankkitunnukset ({{name}})',
    mobile: 'Mobiilivarmenne',
    sms: 'Tekstiviestikoodi',
    other: 'Muu tunnistautuminen',
  },
  started: 'Kirjautunut',
  lastActive: 'Viimeksi aktiivinen',
  revoke: 'Kirjaa ulos',
  revokeDetail: '{{device}}, viimeksi aktiivinen {{time}}',
  revokePending: 'Kirjataan ulos…',
  revokeOthers: 'Kirjaa ulos kaikki muut laitteet',
  revokeOthersHint: 'Käytä tätä, jos puhelimesi on kadonnut tai kirjauduit yhteiskäytössä olevalla tietokoneella. Tällä laitteella pysyt kirjautuneena.',
  onlyThis: 'Et ole kirjautuneena millään muulla laitteella.',
  logOutHere: 'Tältä laitteelta kirjaudut ulos Kirjaudu ulos -painikkeella.',
  revoked: 'Laite on kirjattu ulos.',
  revokedOthers: 'Kaikki muut laitteesi on kirjattu ulos.',
  noneRevoked: 'Et ollut kirjautuneena millään muulla laitteella.',
};

const sv: DevicesTexts = {
  title: 'Mina enheter',
  link: 'Mina enheter',
  linkHint: 'Se var du är inloggad och logga ut en borttappad eller okänd enhet.',
  intro:
    'Du är nu inloggad i tjänsten på de här enheterna och webbläsarna. Om du inte känner igen någon av dem eller om enheten har kommit bort, logga ut den här: den loggas ut genast, och dess följande sida ber om identifiering igen.',
  listLabel: 'Enheter där du är inloggad',
  thisDevice: 'Den här enheten',
  device: '{{browser}}, {{os}}',
  unknownBrowser: 'Okänd webbläsare',
  unknownOs: 'okänt system',
  kinds: { desktop: 'Dator', mobile: 'Telefon', tablet: 'Surfplatta', unknown: 'Okänd enhet' },
  inApp: 'I mobilappen',
  identifiedWith: 'Identifieringssätt',
  methods: {
    bank: 'Bankkoder ({{name}})',
    mobile: 'Mobilcertifikat',
    sms: 'Sms-kod',
    other: 'Annan identifiering',
  },
  started: 'Inloggad',
  lastActive: 'Senast aktiv',
  revoke: 'Logga ut',
  revokeDetail: '{{device}}, senast aktiv {{time}}',
  revokePending: 'Loggar ut…',
  revokeOthers: 'Logga ut alla andra enheter',
  revokeOthersHint: 'Använd det här om din telefon har kommit bort eller om du loggade in på en delad dator. På den här enheten förblir du inloggad.',
  onlyThis: 'Du är inte inloggad på någon annan enhet.',
  logOutHere: 'Från den här enheten loggar du ut med Logga ut.',
  revoked: 'Enheten har loggats ut.',
  revokedOthers: 'Alla dina andra enheter har loggats ut.',
  noneRevoked: 'Du var inte inloggad på någon annan enhet.',
};

export default { en, fi, sv };
