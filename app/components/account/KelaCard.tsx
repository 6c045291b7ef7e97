/**
 * Kela card images (spec 2 §4 "Kela card image slot"): front and back, each missing,
 * ready-to-upload, uploading (0–100 %), uploaded or error. Saving is possible only when both are
 * ready and is all-or-nothing; "change images" resets both.
 *
 * Without JS this is a plain multipart form with two file inputs posted to the page (intent
 * kela), which checks and saves both on the server. With JS the same form uploads directly:
 * init-upload → PUT each image to its signed URL (with progress) → finish-upload, then reloads
 * the page's data. The server judges the files by their bytes either way.
 */
import { useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import * as ui from '~/styles/ui.css';

type Side = 'front' | 'back';
const SIDES: Side[] = ['front', 'back'];
const ALLOWED = ['image/jpeg', 'image/png'];

export type SlotState =
  | { status: 'missing' }
  | { status: 'ready-to-upload'; file: File }
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'uploaded' }
  | { status: 'error' };

interface UploadTarget {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

/** PUTs one file, reporting progress 0–100; resolves true only on HTTP 200. */
function put(target: UploadTarget, file: File, onProgress: (p: number) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.url);
    xhr.timeout = 120_000;
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Cache-Control', 'max-age=0');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.max(0, Math.round((event.loaded / event.total) * 100))));
    };
    xhr.onload = () => resolve(xhr.status === 200);
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => resolve(false);
    xhr.send(file);
  });
}

export function KelaCard({
  images,
  changing,
  changeHref,
  csrfToken,
  error,
}: {
  images: { front: string; back: string } | null;
  /** Without JS: the form is shown over saved images after "change images" (`?kela=change`). */
  changing: boolean;
  changeHref: string;
  csrfToken: string;
  /** The server's refusal of the no-JS form. */
  error: TextKey | null;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [slots, setSlots] = useState<Record<Side, SlotState>>({ front: { status: 'missing' }, back: { status: 'missing' } });
  const [clientError, setClientError] = useState<TextKey | null>(null);
  const [reset, setReset] = useState(false);
  const hydrated = useHydrated();
  const showForm = !images || changing || reset;
  const uploading = SIDES.some((side) => slots[side].status === 'uploading');
  const bothReady = SIDES.every((side) => slots[side].status === 'ready-to-upload');

  function choose(side: Side, file: File | undefined) {
    setClientError(null);
    if (!file) return setSlots((s) => ({ ...s, [side]: { status: 'missing' } }));
    if (!ALLOWED.includes(file.type)) {
      setClientError('myInformation.kela.invalidType');
      return setSlots((s) => ({ ...s, [side]: { status: 'error' } }));
    }
    setSlots((s) => ({ ...s, [side]: { status: 'ready-to-upload', file } }));
  }

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const front = slots.front;
    const back = slots.back;
    if (front.status !== 'ready-to-upload' || back.status !== 'ready-to-upload') return;
    const files = { front: front.file, back: back.file };
    const fail = (key: TextKey) => {
      setClientError(key);
      setSlots({ front: { status: 'error' }, back: { status: 'error' } });
    };
    setSlots({ front: { status: 'uploading', file: files.front, progress: 0 }, back: { status: 'uploading', file: files.back, progress: 0 } });
    const query = `csrfToken=${encodeURIComponent(csrfToken)}`;
    const init = await fetch(`/api/kela-card/init-upload?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
      // Each upload URL takes a file of the size given here, and no bigger (ADR 0011).
      body: JSON.stringify({ mimetypes: { front: files.front.type, back: files.back.type }, sizes: { front: files.front.size, back: files.back.size } }),
    }).catch(() => null);
    if (!init?.ok) {
      const status = init?.status;
      return fail(
        status === 413
          ? 'myInformation.kela.tooLarge'
          : status === 415 || status === 400
            ? 'myInformation.kela.invalidType'
            : status === 429
              ? 'myInformation.kela.tooManyUploads'
              : 'myInformation.kela.addFailed',
      );
    }
    const targets = (await init.json()) as { front: UploadTarget; back: UploadTarget; token: string };
    const results = await Promise.all(
      SIDES.map((side) =>
        put(targets[side], files[side], (progress) =>
          setSlots((s) => ({ ...s, [side]: { status: 'uploading', file: files[side], progress } })),
        ),
      ),
    );
    const finish = await fetch(`/api/kela-card/finish-upload?${query}&token=${encodeURIComponent(targets.token)}`).catch(() => null);
    const done = finish?.ok ? ((await finish.json()) as { success?: boolean }).success === true : false;
    if (!results.every(Boolean) || !done) return fail('myInformation.kela.invalidType');
    setSlots({ front: { status: 'uploaded' }, back: { status: 'uploaded' } });
    setReset(false);
    void revalidator.revalidate();
  }

  const status = (side: Side) => {
    const slot = slots[side];
    switch (slot.status) {
      case 'missing':
        return t('myInformation.kela.missing');
      case 'ready-to-upload':
        return t('myInformation.kela.readyToUpload');
      case 'uploading':
        return t('myInformation.kela.uploading', { progress: slot.progress });
      case 'uploaded':
        return t('myInformation.kela.uploaded');
      case 'error':
        return t('myInformation.kela.error');
    }
  };
  const shownError = clientError ?? error;

  return (
    <section aria-labelledby="kela-title" id="kela-card">
      <h2 id="kela-title">{t('myInformation.kela.title')}</h2>
      <p>{t('myInformation.kela.intro')}</p>
      {shownError ? (
        <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          <p>{t(shownError)}</p>
        </div>
      ) : null}
      {images ? (
        <div className={ui.buttonRow}>
          {SIDES.map((side) => (
            <img key={side} src={images[side]} alt={t('myInformation.kela.imageAlt', { side: t(`myInformation.kela.${side}`) })} width={240} />
          ))}
        </div>
      ) : null}
      {showForm ? (
        <Form method="post" encType="multipart/form-data" onSubmit={upload}>
          <AuthenticityTokenInput name="csrf" />
          {SIDES.map((side) => (
            <div key={side} className={ui.field}>
              <label className={ui.label} htmlFor={`kela-${side}`}>
                {t(`myInformation.kela.${side}`)}
              </label>
              <input
                id={`kela-${side}`}
                name={side}
                type="file"
                accept="image/jpeg,image/png"
                required
                aria-describedby={`kela-${side}-status`}
                onChange={(event) => choose(side, event.currentTarget.files?.[0])}
              />
              <span id={`kela-${side}-status`} className={ui.hint} aria-live="polite" data-status={slots[side].status}>
                {status(side)}
              </span>
              {slots[side].status === 'uploading' ? (
                <progress max={100} value={(slots[side] as { progress: number }).progress} aria-labelledby={`kela-${side}-status`} />
              ) : null}
            </div>
          ))}
          <button
            type="submit"
            name="intent"
            value="kela"
            className={ui.button.primary}
            disabled={uploading || (hydrated && !bothReady)}
          >
            {t('myInformation.kela.save')}
          </button>
        </Form>
      ) : (
        <Link
          to={changeHref}
          className={ui.button.secondary}
          onClick={(event) => {
            event.preventDefault();
            setSlots({ front: { status: 'missing' }, back: { status: 'missing' } });
            setClientError(null);
            setReset(true);
          }}
        >
          {t('myInformation.kela.change')}
        </Link>
      )}
    </section>
  );
}

