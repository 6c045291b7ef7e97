/**
 * Texts of a minor's confidential visits (ADR 0034): the appointment page's "hide this visit from
 * my guardian" form and its results, and the neutral text a guardian sees on the invoice of a
 * hidden visit instead of its service. `en` defines the shape.
 */
const en = {
  hide: {
    title: 'Your guardian and this visit',
    text: 'You may decide about your own care. If you hide this visit, your guardian will not see it in their portal: not the appointment, not its reminder, and not the service or the clinic on its invoice. A guardian who pays the invoice still sees its amount. Your care professional may also assess whether information is given to your guardian.',
    reversible: 'You can show the visit to your guardian again later on this page.',
    button: 'Hide this visit from my guardian',
  },
  show: {
    text: 'This visit is hidden from your guardian: they do not see it in their portal.',
    button: 'Show this visit to my guardian again',
  },
  professional: {
    text: 'Your care professional has marked this visit confidential: your guardian does not see it.',
  },
  flash: {
    hidden: 'The visit is now hidden from your guardian.',
    shown: 'Your guardian can see the visit again if they booked it.',
    failed: 'The change could not be made.',
  },
  invoiceService: 'Health care service',
};

export type ConfidentialTexts = typeof en;

const fi: ConfidentialTexts = {
  hide: {
    title: 'Huoltajasi ja tämä käynti',
    text: 'Voit päättää omasta hoidostasi. Jos piilotat tämän käynnin, huoltajasi ei näe sitä omassa asioinnissaan: ei ajanvarausta, ei sen muistutusta eikä palvelua tai toimipistettä sen laskussa. Laskun maksava huoltaja näkee edelleen laskun summan. Myös hoitava ammattilainen voi arvioida, annetaanko tietoja huoltajallesi.',
    reversible: 'Voit myöhemmin näyttää käynnin huoltajallesi uudelleen tällä sivulla.',
    button: 'Piilota tämä käynti huoltajaltani',
  },
  show: {
    text: 'Tämä käynti on piilotettu huoltajaltasi: hän ei näe sitä omassa asioinnissaan.',
    button: 'Näytä käynti taas huoltajalleni',
  },
  professional: {
    text: 'Hoitava ammattilainen on merkinnyt tämän käynnin luottamukselliseksi: huoltajasi ei näe sitä.',
  },
  flash: {
    hidden: 'Käynti on nyt piilotettu huoltajaltasi.',
    shown: 'Huoltajasi näkee käynnin taas, jos hän varasi sen.',
    failed: 'Muutosta ei voitu tehdä.',
  },
  invoiceService: 'Terveydenhuollon palvelu',
};

const sv: ConfidentialTexts = {
  hide: {
    title: 'Din vårdnadshavare och det här besöket',
    text: 'Du får bestämma om din egen vård. Om du döljer det här besöket ser din vårdnadshavare det inte i sin e-tjänst: varken tidsbokningen, påminnelsen eller tjänsten och verksamhetsstället på fakturan. En vårdnadshavare som betalar fakturan ser fortfarande beloppet. Även den yrkesperson som vårdar dig kan bedöma om uppgifter ges till din vårdnadshavare.',
    reversible: 'Du kan senare visa besöket för din vårdnadshavare igen på den här sidan.',
    button: 'Dölj det här besöket för min vårdnadshavare',
  },
  show: {
    text: 'Det här besöket är dolt för din vårdnadshavare: hen ser det inte i sin e-tjänst.',
    button: 'Visa besöket för min vårdnadshavare igen',
  },
  professional: {
    text: 'Den yrkesperson som vårdar dig har markerat besöket som konfidentiellt: din vårdnadshavare ser det inte.',
  },
  flash: {
    hidden: 'Besöket är nu dolt för din vårdnadshavare.',
    shown: 'Din vårdnadshavare ser besöket igen om hen bokade det.',
    failed: 'Ändringen kunde inte göras.',
  },
  invoiceService: 'Hälso- och sjukvårdstjänst',
};

export default { en, fi, sv };
