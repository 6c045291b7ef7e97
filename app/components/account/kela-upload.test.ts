import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { kelaUploadScript, type KelaUploadConfig } from './kela-upload';

/** Just enough of an element for the script. */
class FakeElement {
  attributes = new Map<string, string>();
  listeners = new Map<string, ((event: unknown) => void)[]>();
  textContent = '';
  hidden = false;
  disabled = false;
  value = 0;
  files: { type: string; size: number }[] | null = null;
  firstElementChild: FakeElement | null = null;
  constructor(readonly selectors: Record<string, FakeElement> = {}) {}
  querySelector(selector: string) {
    return this.selectors[selector] ?? null;
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  dispatch(type: string, event: object = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

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

/** The Kela section as KelaCard renders it, and the script run on it in an empty realm. */
function page(replies: { init: Reply; put: number; finish: Reply }) {
  const field = () => new FakeElement();
  const message = new FakeElement();
  const alert = new FakeElement();
  alert.hidden = true;
  alert.firstElementChild = message;
  const button = new FakeElement();
  const form = new FakeElement({ 'button[type=submit]': button });
  const els: Record<string, FakeElement> = {};
  for (const side of ['front', 'back']) for (const suffix of ['', '-status', '-progress']) els[`#kela-${side}${suffix}`] = field();
  const root = new FakeElement({ form, '[data-kela-error]': alert, ...els });
  const requests: string[] = [];
  const assigned: string[] = [];
  const reply = (r: Reply) => Promise.resolve({ ok: r.ok, status: r.status, json: () => Promise.resolve(r.json) });
  const fetch = (url: string) => {
    requests.push(url);
    return reply(url.startsWith('/api/kela-card/init-upload') ? replies.init : replies.finish);
  };
  class XMLHttpRequest {
    status = 0;
    upload: { onprogress?: (e: object) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    open(method: string, url: string) {
      requests.push(`${method} ${url}`);
    }
    setRequestHeader() {}
    send() {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = replies.put;
      this.onload?.();
    }
  }
  const location = {
    href: 'http://portal/en/my-information',
    pathname: '/en/my-information',
    search: '',
    hash: '',
    assign: (url: string) => assigned.push(url),
    reload: () => assigned.push('reload'),
  };
  runInNewContext(kelaUploadScript(config), {
    document: { currentScript: { parentElement: root } },
    window: { location },
    fetch,
    XMLHttpRequest,
    URL,
  });
  const choose = (side: string, type: string) => {
    els[`#kela-${side}`]!.files = [{ type, size: 10 }];
    els[`#kela-${side}`]!.dispatch('change');
  };
  const status = (side: string) => els[`#kela-${side}-status`]!.textContent;
  const submit = async () => {
    let prevented = false;
    form.dispatch('submit', { preventDefault: () => (prevented = true) });
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    return prevented;
  };
  return { form, button, alert, message, els, requests, assigned, choose, status, submit };
}

const targets = {
  front: { method: 'PUT', url: '/files/upload/f', headers: { 'Content-Type': 'image/jpeg' } },
  back: { method: 'PUT', url: '/files/upload/b', headers: { 'Content-Type': 'image/png' } },
  token: 'tok',
};

describe('the Kela upload script', () => {
  it('runs on its own: save waits for two JPEG/PNG images, a wrong type is an error', () => {
    const p = page({ init: { ok: true, status: 200, json: targets }, put: 200, finish: { ok: true, status: 200, json: { success: true } } });
    expect(p.form.hasAttribute('data-enhanced')).toBe(true);
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
    expect(p.els['#kela-front-progress']!.value).toBe(50);
    expect(p.status('front')).toBe('Uploaded');
    expect(p.assigned).toEqual(['http://portal/en/my-information?tab=basic#kela-card']);
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

  it('cannot be closed early by text in its data', () => {
    expect(kelaUploadScript({ ...config, savedHref: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
