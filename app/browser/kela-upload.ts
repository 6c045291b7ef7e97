/**
 * The Kela card form's upload with progress (spec 2 §4 "Kela card image slot"), without React:
 * each side is missing → ready-to-upload → uploading (0–100 %) → uploaded, or error; save is
 * enabled only when both are ready; both go together and any failure puts both in error. A
 * side's refusal (not a JPEG or PNG) stays shown until that side is chosen again: choosing the
 * other side never hides why save is disabled (issue 26). Saving
 * is init-upload → PUT each image to its signed URL (progress from the XHR) → finish-upload
 * (ADR 0011), then the page is loaded again and shows the saved images.
 *
 * Started from `data-kela-upload` (its value is the JSON of `KelaUploadConfig`) on the Kela
 * section (components/account/KelaCard). Without JS the same form is a multipart post to the page.
 */

import { KELA_ERROR, KELA_UPLOAD } from './attributes';
import { behaviour } from './behaviours';

export type KelaSlotStatus = 'missing' | 'ready-to-upload' | 'uploading' | 'uploaded' | 'error';

export interface KelaUploadConfig {
  csrfToken: string;
  /** The page to load when both images are saved (it shows them). */
  savedHref: string;
  /** The slot texts; `uploading` has `{p}` where the percentage goes. */
  status: Record<KelaSlotStatus, string>;
  errors: { invalidType: string; tooLarge: string; tooManyUploads: string; addFailed: string };
}

interface UploadTarget {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

/** Takes over the Kela form inside `root` (started once per element, behaviours.ts). */
function kelaUpload(root: Element | null, c: KelaUploadConfig): void {
  const form = root ? root.querySelector('form') : null;
  if (!root || !form) return;
  const sides = ['front', 'back'];
  const allowed = ['image/jpeg', 'image/png'];
  // The error box (`role=alert`, hidden while empty) and its one paragraph.
  const alert = root.querySelector(`[${KELA_ERROR}]`) as HTMLElement;
  const button = form.querySelector('button[type=submit]') as HTMLButtonElement;
  const state: Record<string, string> = {};
  const files: Record<string, File> = {};
  // Each side's own refusal, kept until that side changes; shown in the one error box.
  const refusal: Record<string, string> = {};
  const el = function (id: string) {
    return root.querySelector('#kela-' + id) as HTMLElement;
  };
  const show = function (side: string, status: KelaSlotStatus, progress?: number) {
    state[side] = status;
    const text = el(side + '-status');
    text.setAttribute('data-status', status);
    text.textContent = c.status[status].replace('{p}', String(progress));
    const bar = el(side + '-progress') as HTMLProgressElement;
    bar.hidden = status !== 'uploading';
    if (progress !== undefined) bar.value = progress;
  };
  const error = function (message: string) {
    (alert.firstElementChild as HTMLElement).textContent = message;
    alert.hidden = !message;
  };
  // The box shows the first side's refusal that still stands (front, then back), or nothing.
  const showRefusals = function () {
    const standing = sides.filter(function (side) {
      return !!refusal[side];
    });
    error(standing.length ? refusal[standing[0]!]! : '');
  };
  const ready = function () {
    button.disabled = !sides.every(function (side) {
      return state[side] === 'ready-to-upload';
    });
  };
  const fail = function (message: string) {
    sides.forEach(function (side) {
      refusal[side] = message;
      show(side, 'error');
    });
    showRefusals();
    ready();
  };
  const put = function (side: string, target: UploadTarget) {
    return new Promise<boolean>(function (resolve) {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', target.url);
      xhr.timeout = 120000;
      Object.keys(target.headers).forEach(function (name) {
        xhr.setRequestHeader(name, target.headers[name]!);
      });
      xhr.setRequestHeader('Cache-Control', 'max-age=0');
      xhr.upload.onprogress = function (e) {
        if (e.lengthComputable) show(side, 'uploading', Math.min(100, Math.max(0, Math.round((e.loaded / e.total) * 100))));
      };
      xhr.onload = function () {
        resolve(xhr.status === 200);
      };
      xhr.onerror =
        xhr.ontimeout =
        xhr.onabort =
          function () {
            resolve(false);
          };
      xhr.send(files[side]!);
    });
  };

  sides.forEach(function (side) {
    show(side, 'missing');
    const input = el(side) as HTMLInputElement;
    input.addEventListener('change', function () {
      const file = input.files && input.files[0];
      refusal[side] = '';
      if (!file) show(side, 'missing');
      else if (allowed.indexOf(file.type) < 0) {
        refusal[side] = c.errors.invalidType;
        show(side, 'error');
      } else {
        files[side] = file;
        show(side, 'ready-to-upload');
      }
      showRefusals();
      ready();
    });
  });
  ready();

  form.addEventListener('submit', function (e) {
    e.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    sides.forEach(function (side) {
      show(side, 'uploading', 0);
    });
    const query = 'csrfToken=' + encodeURIComponent(c.csrfToken);
    let token = '';
    fetch('/api/kela-card/init-upload?' + query, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': c.csrfToken },
      // Each upload URL takes a file of the size given here, and no bigger (ADR 0011).
      body: JSON.stringify({
        mimetypes: { front: files.front!.type, back: files.back!.type },
        sizes: { front: files.front!.size, back: files.back!.size },
      }),
    })
      .then(
        function (init) {
          if (init.ok) return init.json();
          const s = init.status;
          throw s === 413 ? c.errors.tooLarge : s === 415 || s === 400 ? c.errors.invalidType : s === 429 ? c.errors.tooManyUploads : c.errors.addFailed;
        },
        function () {
          throw c.errors.addFailed;
        },
      )
      .then(function (targets: Record<string, UploadTarget> & { token: string }) {
        token = targets.token;
        return Promise.all(
          sides.map(function (side) {
            return put(side, targets[side]!);
          }),
        );
      })
      .then(function (results) {
        return fetch('/api/kela-card/finish-upload?' + query + '&token=' + encodeURIComponent(token))
          .then(function (r) {
            return r.ok ? r.json() : {};
          })
          .then(function (finish: { success?: boolean }) {
            if (!results.every(Boolean) || finish.success !== true) throw c.errors.invalidType;
          });
      })
      .then(
        function () {
          sides.forEach(function (side) {
            show(side, 'uploaded');
          });
          const here = window.location;
          const to = new URL(c.savedHref, here.href);
          if (to.pathname + to.search !== here.pathname + here.search) return here.assign(to.href);
          here.hash = to.hash;
          here.reload();
        },
        function (message: unknown) {
          fail(typeof message === 'string' ? message : c.errors.invalidType);
        },
      );
  });
}

export function registerKelaUpload(): void {
  behaviour(`[${KELA_UPLOAD}]`, (root) => kelaUpload(root, JSON.parse(root.getAttribute(KELA_UPLOAD) || '{}') as KelaUploadConfig));
}
