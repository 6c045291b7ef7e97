// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { behaviour, resetBehaviours, startBehaviours, watch } from './behaviours';
import { registerFlash } from './flash';
import { registerScrollToLast } from './scroll-to-last';

beforeEach(() => {
  resetBehaviours();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('behaviours', () => {
  it('start once per element, and by themselves on markup added later', async () => {
    const started: string[] = [];
    behaviour('[data-x]', (el) => started.push(el.id));
    document.body.innerHTML = '<div id="a" data-x></div>';
    startBehaviours(document);
    startBehaviours(document);
    watch(document);
    document.body.insertAdjacentHTML('beforeend', '<section><p id="b" data-x></p></section>');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
  });
});

describe('flash expiry', () => {
  it('hides a data-flash-ms element after that many milliseconds', () => {
    registerFlash();
    document.body.innerHTML = '<p data-flash-ms="5000">Saved</p>';
    startBehaviours(document);
    const p = document.querySelector('p')!;
    vi.advanceTimersByTime(4999);
    expect(p.hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect(p.hidden).toBe(true);
  });
});

describe('scroll to the last message', () => {
  it("scrolls the region to its end after its delay, once: a poll's new content does not scroll again", async () => {
    registerScrollToLast();
    document.body.innerHTML = '<section id="m" data-scroll-to-last="100"><p>1</p></section>';
    const region = document.getElementById('m')!;
    const scroll = vi.spyOn(region, 'scrollIntoView').mockImplementation(() => undefined);
    startBehaviours(document);
    watch(document);
    vi.advanceTimersByTime(99);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scroll).toHaveBeenCalledWith({ block: 'end' });
    region.replaceChildren(document.createElement('p'));
    await Promise.resolve();
    vi.advanceTimersByTime(1000);
    expect(scroll).toHaveBeenCalledTimes(1);
  });
});
