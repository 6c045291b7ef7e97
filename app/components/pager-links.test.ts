import { describe, expect, it } from 'vitest';
import { pageLinks } from './pager-links';

const texts = { previous: 'Previous', next: 'Next' };
const href = (n: number) => `/list?page=${n}`;

describe('pageLinks', () => {
  it('links the neighbouring pages that exist, and none on a single page', () => {
    expect(pageLinks(1, false, href, texts)).toEqual({ previous: null, next: null });
    expect(pageLinks(1, true, href, texts)).toEqual({ previous: null, next: { href: '/list?page=2', text: 'Next' } });
    expect(pageLinks(3, false, href, texts)).toEqual({ previous: { href: '/list?page=2', text: 'Previous' }, next: null });
    expect(pageLinks(2, true, href, texts)).toEqual({ previous: { href: '/list?page=1', text: 'Previous' }, next: { href: '/list?page=3', text: 'Next' } });
  });
});
