/**
 * Texts of appointment search (booking landing and the private appointment list), in one
 * module per area so each area's fi/sv/en stay side by side. `en` defines the shape.
 */
const en = {
  landingTitle: 'Book an appointment',
  landingIntro: 'Choose how the visit will be paid.',
  listTitle: 'Book an appointment',
};

export type SearchTexts = typeof en;

const fi: SearchTexts = {
  landingTitle: 'Varaa aika',
  landingIntro: 'Valitse, miten käynti maksetaan.',
  listTitle: 'Varaa aika',
};

const sv: SearchTexts = {
  landingTitle: 'Boka tid',
  landingIntro: 'Välj hur besöket betalas.',
  listTitle: 'Boka tid',
};

export default { en, fi, sv };
