/**
 * Kela card images (spec 2 §4 "Kela card image slot"): front and back, each missing,
 * ready-to-upload, uploading (0–100 %), uploaded or error. Saving is possible only when both are
 * ready and is all-or-nothing; "change images" (a link, `?kela=change`) shows the form again.
 *
 * Without JS this is a plain multipart form with two file inputs posted to the page (intent
 * kela), which checks and saves both on the server. With JS the same form uploads directly with
 * progress (app/browser/kela-upload.ts, started from `data-kela-upload` with its texts: init-upload
 * → PUT each image to its signed URL → finish-upload, then the page loads again). The server
 * judges the files by their bytes either way.
 */
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { attrs } from '~/browser/markup';
import type { KelaUploadConfig } from '~/browser/kela-upload';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import * as ui from '~/styles/ui.css';

type Side = 'front' | 'back';
const SIDES: Side[] = ['front', 'back'];

export function KelaCard({
  images,
  changing,
  changeHref,
  savedHref,
  csrfToken,
  error,
}: {
  images: { front: string; back: string } | null;
  /** The form is shown over saved images after "change images" (`?kela=change`). */
  changing: boolean;
  changeHref: string;
  /** The page without `?kela=change`: where a saved upload leads (it shows the images). */
  savedHref: string;
  csrfToken: string;
  /** The server's refusal of the no-JS form. */
  error: TextKey | null;
}) {
  const { t } = useTranslation();
  const showForm = !images || changing;
  const config: KelaUploadConfig = {
    csrfToken,
    savedHref,
    status: {
      missing: t('myInformation.kela.missing'),
      'ready-to-upload': t('myInformation.kela.readyToUpload'),
      uploading: t('myInformation.kela.uploading', { progress: '{p}' }),
      uploaded: t('myInformation.kela.uploaded'),
      error: t('myInformation.kela.error'),
    },
    errors: {
      invalidType: t('myInformation.kela.invalidType'),
      tooLarge: t('myInformation.kela.tooLarge'),
      tooManyUploads: t('myInformation.kela.tooManyUploads'),
      addFailed: t('myInformation.kela.addFailed'),
    },
  };

  return (
    <section aria-labelledby="kela-title" id="kela-card" {...attrs({ kelaUpload: showForm ? JSON.stringify(config) : undefined })}>
      <h2 id="kela-title">{t('myInformation.kela.title')}</h2>
      <p>{t('myInformation.kela.intro')}</p>
      <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`} {...attrs({ kelaError: true })} hidden={!error}>
        <p>{error ? t(error) : ''}</p>
      </div>
      {images ? (
        <div className={ui.buttonRow}>
          {SIDES.map((side) => (
            <img key={side} src={images[side]} alt={t('myInformation.kela.imageAlt', { side: t(`myInformation.kela.${side}`) })} width={240} />
          ))}
        </div>
      ) : null}
      {showForm ? (
        <Form method="post" encType="multipart/form-data" reloadDocument>
          <AuthenticityTokenInput name="csrf" />
          {SIDES.map((side) => (
            <div key={side} className={ui.field}>
              <label className={ui.label} htmlFor={`kela-${side}`}>
                {t(`myInformation.kela.${side}`)}
              </label>
              <input id={`kela-${side}`} name={side} type="file" accept="image/jpeg,image/png" required aria-describedby={`kela-${side}-status`} />
              <span id={`kela-${side}-status`} className={ui.hint} aria-live="polite" data-status="missing">
                {t('myInformation.kela.missing')}
              </span>
              <progress id={`kela-${side}-progress`} max={100} value={0} aria-labelledby={`kela-${side}-status`} hidden />
            </div>
          ))}
          <button type="submit" name="intent" value="kela" className={ui.button.primary}>
            {t('myInformation.kela.save')}
          </button>
        </Form>
      ) : (
        <Link to={changeHref} className={ui.button.secondary}>
          {t('myInformation.kela.change')}
        </Link>
      )}
    </section>
  );
}
