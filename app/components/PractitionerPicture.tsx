/**
 * The picture beside a practitioner's name (spec 2 §3, §9; spec 3 §3; ADR 0049), by the brand's
 * rule (app/brands/practitioner-pictures.ts): the practitioner's profile picture on the general
 * brand, where there is one; the children's brand's avatar of the practitioner's id on the
 * clinic's colour. Decorative (the name is beside it): empty alt text.
 */
import { brand as brandFacts } from '~/brands';
import { practitionerPicture } from '~/brands/practitioner-pictures';
import { usePortalEnv } from '~/components/portal-env';
import * as s from '~/styles/practitioner.css';

export function PractitionerPicture({
  practitioner,
  clinicCode,
}: {
  practitioner: { id: string; profilePictureSrc: string | null };
  /** The clinic of the time or appointment (its colour on the children's brand), if any. */
  clinicCode: string | null;
}) {
  const picture = practitionerPicture(brandFacts(usePortalEnv().brand), practitioner, clinicCode);
  if (!picture) return null;
  const background = picture.kind === 'avatar' ? (picture.clinicCode ? s.clinicColor[picture.clinicCode] : s.otherClinicColor) : '';
  return <img className={`${s.picture} ${background ?? s.otherClinicColor}`} src={picture.src} alt="" width={48} height={48} loading="lazy" decoding="async" />;
}
