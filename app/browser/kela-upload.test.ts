// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KELA_UPLOAD } from './attributes';
import { resetBehaviours, startBehaviours } from './behaviours';
import { registerKelaUpload, type KelaUploadConfig } from './kela-upload';

const config: KelaUploadConfig = {
  csrfToken: 'token',
  savedHref: '/en/my-information?tab=basic#kela-card',
  status: { missing: 'No image', 'ready-to-upload': 'Ready', uploading: 'Uploading {p} %', uploaded: 'Uploaded', error: 'Failed' },
  errors: { invalidType: 'Wrong type', tooLarge: 'Too large', tooManyUploads: 'Too many', addFailed: 'Failed to add' },
};

interface Reply {
  ok: boolean;
  status: number;
  json?: unknown;
}

const side = (s: string) =>
  `<input id="kela-${s}" type="file" required><span id="kela-${s}-status"></span><progress id="kela-${s}-progress" max="100" value="0" hidden></progress>`;

/** The Kela section as KelaCard renders it, with the behaviour started and the network answered. */
function page(replies: { init: Reply; put: number; finish: Reply }) {
  document.body.innerHTML = `<section id="kela-card"><div data-kela-error hidden><p></p></div><form>${side('front')}${side('back')}<button type="submit">Save</button></form></section>`;
  const section = document.getElementById('kela-card')!;
  section.setAttribute(KELA_UPLOAD, JSON.stringify(config));
  const requests: string[] = [];
  const assigned: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    requests.push(url);
    const r = url.startsWith('/api/kela-card/init-upload') ? replies.init : replies.finish;
    return Promise.resolve({ ok: r.ok, status: r.status, json: () => Promise.resolve(r.json) });
  });
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      status = 0;
      upload: { onprogress?: (e: object) => void } = {};
      onload?: () => void;
      open(method: string, url: string) {
        requests.push(`${method} ${url}`);
      }
      setRequestHeader() {}
      send() {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.status = replies.put;
        this.onload?.();
      }
    },
  );
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void assigned.push(String(url)));
  registerKelaUpload();
  startBehaviours(document);
  const form = section.querySelector('form')!;
  const button = form.querySelector('button')!;
  const alert = section.querySelector<HTMLElement>('[data-kela-error]')!;
  const choose = (s: string, type: string) => {
    const input = document.getElementById(`kela-${s}`)!;
    Object.defineProperty(input, 'files', { value: [new File(['x'], `${s}.img`, { type })], configurable: true });
    input.dispatchEvent(new Event('change'));
  };
  const status = (s: string) => document.getElementById(`kela-${s}-status`)!.textContent;
  const submit = async () => {
    const event = new Event('submit', { cancelable: true });
    form.dispatchEvent(event);
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    return event.defaultPrevented;
  };
  return { form, button, alert, message: alert.firstElementChild!, requests, assigned, choose, status, submit };
}

const targets = {
  front: { method: 'PUT', url: '/files/upload/f', headers: { 'Content-Type': 'image/jpeg' } },
  back: { method: 'PUT', url: '/files/upload/b', headers: { 'Content-Type': 'image/png' } },
  token: 'tok',
};

beforeEach(() => {
  resetBehaviours();
  window.history.replaceState(null, '', '/en/my-information');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Kela upload', () => {
  it('starts from its attribute: save waits for two JPEG/PNG images, a wrong type is an error', () => {
    const p = page({ init: { ok: true, status: 200, json: targets }, put: 200, finish: { ok: true, status: 200, json: { success: true } } });
    expect(p.button.disabled).toBe(true);
    expect(p.status('front')).toBe('No image');
    p.choose('front', 'image/jpeg');
    expect(p.status('front')).toBe('Ready');
    expect(p.button.disabled).toBe(true);
    p.choose('back', 'application/pdf');
    expect(p.status('back')).toBe('Failed');
    expect([p.alert.hidden, p.message.textContent]).toEqual([false, 'Wrong type']);
    expect(p.button.disabled).toBe(true);
    p.choose('back', 'image/png');
    expect(p.alert.hidden).toBe(true);
    expect(p.button.disabled).toBe(false);
  });

  it("keeps a side's refusal shown until that side is chosen again (issue 26)", () => {
    const p = page({ init: { ok: true, status: 200, json: targets }, put: 200, finish: { ok: true, status: 200, json: { success: true } } });
    p.choose('front', 'application/pdf');
    expect([p.alert.hidden, p.message.textContent]).toEqual([false, 'Wrong type']);
    // A valid back does not hide why save stays disabled.
    p.choose('back', 'image/png');
    expect(p.status('back')).toBe('Ready');
    expect([p.alert.hidden, p.message.textContent]).toEqual([false, 'Wrong type']);
    expect(p.button.disabled).toBe(true);
    // Both wrong, then the front fixed: the back's refusal stands.
    p.choose('back', 'application/pdf');
    p.choose('front', 'image/jpeg');
    expect([p.alert.hidden, p.message.textContent]).toEqual([false, 'Wrong type']);
    expect(p.button.disabled).toBe(true);
    p.choose('back', 'image/png');
    expect(p.alert.hidden).toBe(true);
    expect(p.button.disabled).toBe(false);
  });

  it('keeps an upload failure shown until both sides are chosen again', async () => {
    const p = page({ init: { ok: false, status: 413 }, put: 200, finish: { ok: true, status: 200 } });
    p.choose('front', 'image/jpeg');
    p.choose('back', 'image/png');
    await p.submit();
    p.choose('front', 'image/jpeg');
    expect([p.alert.hidden, p.message.textContent, p.status('back')]).toEqual([false, 'Too large', 'Failed']);
    p.choose('back', 'image/png');
    expect(p.alert.hidden).toBe(true);
    expect(p.button.disabled).toBe(false);
  });

  it('uploads both with progress and loads the page that shows them', async () => {
    const p = page({ init: { ok: true, status: 200, json: targets }, put: 200, finish: { ok: true, status: 200, json: { success: true } } });
    p.choose('front', 'image/jpeg');
    p.choose('back', 'image/png');
    expect(await p.submit()).toBe(true);
    expect(p.requests).toEqual([
      '/api/kela-card/init-upload?csrfToken=token',
      'PUT /files/upload/f',
      'PUT /files/upload/b',
      '/api/kela-card/finish-upload?csrfToken=token&token=tok',
    ]);
    expect(document.querySelector<HTMLProgressElement>('#kela-front-progress')!.value).toBe(50);
    expect(p.status('front')).toBe('Uploaded');
    expect(p.assigned).toEqual([`${window.location.origin}/en/my-information?tab=basic#kela-card`]);
  });

  it('puts both sides in error with the reason when the upload is refused', async () => {
    const tooLarge = page({ init: { ok: false, status: 413 }, put: 200, finish: { ok: true, status: 200 } });
    tooLarge.choose('front', 'image/jpeg');
    tooLarge.choose('back', 'image/png');
    await tooLarge.submit();
    expect([tooLarge.status('front'), tooLarge.status('back'), tooLarge.message.textContent]).toEqual(['Failed', 'Failed', 'Too large']);
    expect(tooLarge.button.disabled).toBe(true);

    const notAnImage = page({ init: { ok: true, status: 200, json: targets }, put: 415, finish: { ok: true, status: 200, json: { success: false } } });
    notAnImage.choose('front', 'image/jpeg');
    notAnImage.choose('back', 'image/png');
    await notAnImage.submit();
    expect([notAnImage.status('front'), notAnImage.message.textContent]).toEqual(['Failed', 'Wrong type']);
    expect(notAnImage.assigned).toEqual([]);
  });
});
