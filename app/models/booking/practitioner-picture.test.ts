import { describe, expect, it } from 'vitest';
import { profilePictureSrc } from './practitioner-picture';

describe('a practitioner’s profile picture source', () => {
  it('is a path of our own origin, or an https URL of the configured image host', () => {
    expect(profilePictureSrc('/images/practitioners/portrait-1.svg', null)).toBe('/images/practitioners/portrait-1.svg');
    expect(profilePictureSrc('https://images.cms.example/p/1.jpg', 'https://images.cms.example')).toBe('https://images.cms.example/p/1.jpg');
  });

  it('is nothing for any other host, scheme or a path that browsers read as another host', () => {
    for (const url of [
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'http://images.cms.example/p/1.jpg',
      'https://other.example/1.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'https://user:pw@images.cms.example/1.jpg',
    ]) {
      expect(profilePictureSrc(url, 'https://images.cms.example'), url).toBeNull();
    }
    expect(profilePictureSrc('https://images.cms.example/p/1.jpg', null)).toBeNull();
    expect(profilePictureSrc(null, 'https://images.cms.example')).toBeNull();
  });
});
