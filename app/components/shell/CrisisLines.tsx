/**
 * The national emergency and crisis lines (ADR 0041 names the sources): the emergency number
 * 112, MIELI Mental Health Finland's Crisis Helpline in Finnish (around the clock), Swedish and
 * English (set hours, on MIELI's page), and the Medical Helpline 116117 of the wellbeing
 * services counties. Shown on the mental-support page and the health portal's symptom check.
 */
import { useTranslation } from '~/i18n/react';
import * as ui from '~/styles/ui.css';

/** A number as dialled (tel:) and as printed. National services: not the brand's, not translated. */
export const CRISIS_NUMBERS = {
  emergency: { tel: '112', display: '112' },
  medicalHelpline: { tel: '116117', display: '116117' },
  crisisFinnish: { tel: '+358925250111', display: '09 2525 0111' },
  crisisSwedish: { tel: '+358925250112', display: '09 2525 0112' },
  crisisEnglish: { tel: '+358925250116', display: '09 2525 0116' },
} as const;

/** MIELI's page of the Crisis Helpline, with the hours of its lines in other languages. */
const CRISIS_HELPLINE_PAGE = { fi: 'https://mieli.fi/', sv: 'https://mieli.fi/', en: 'https://mieli.fi/helpline' } as const;

function Phone({ number }: { number: { tel: string; display: string } }) {
  return (
    <a href={`tel:${number.tel}`}>
      <strong>{number.display}</strong>
    </a>
  );
}

export function CrisisLines({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const lang = (i18n.language in CRISIS_HELPLINE_PAGE ? i18n.language : 'fi') as keyof typeof CRISIS_HELPLINE_PAGE;
  return (
    <section className={`${ui.card} ${ui.alertBox} ${ui.alert.info}`} aria-labelledby="crisis-lines" data-testid="crisis-lines">
      <Heading id="crisis-lines">{t('mentalSupport.crisis.heading')}</Heading>
      <ul>
        <li>
          {t('mentalSupport.crisis.emergency')} <Phone number={CRISIS_NUMBERS.emergency} />
        </li>
        <li>
          {t('mentalSupport.crisis.helpline')}:
          <ul>
            <li>
              <Phone number={CRISIS_NUMBERS.crisisFinnish} /> {t('mentalSupport.crisis.finnish')}
            </li>
            <li>
              <Phone number={CRISIS_NUMBERS.crisisSwedish} /> {t('mentalSupport.crisis.swedish')}
            </li>
            <li>
              <Phone number={CRISIS_NUMBERS.crisisEnglish} /> {t('mentalSupport.crisis.english')}
            </li>
          </ul>
          <a href={CRISIS_HELPLINE_PAGE[lang]}>{t('mentalSupport.crisis.hours')}</a>
        </li>
        <li>
          {t('mentalSupport.crisis.medical')} <Phone number={CRISIS_NUMBERS.medicalHelpline} />
        </li>
      </ul>
    </section>
  );
}
