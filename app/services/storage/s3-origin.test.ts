import { describe, expect, it } from 'vitest';
import { s3PublicOrigin } from './s3-origin';

describe('s3PublicOrigin', () => {
  it('is the virtual-hosted AWS origin by default', () => {
    expect(s3PublicOrigin({ bucket: 'files', region: 'eu-north-1', forcePathStyle: false })).toBe('https://files.s3.eu-north-1.amazonaws.com');
  });

  it('is the endpoint itself with path-style addressing', () => {
    expect(s3PublicOrigin({ bucket: 'files', region: 'x', endpoint: 'https://s3.example.net:9000/', forcePathStyle: true })).toBe(
      'https://s3.example.net:9000',
    );
  });

  it('puts the bucket in front of a custom endpoint otherwise', () => {
    expect(s3PublicOrigin({ bucket: 'files', region: 'x', endpoint: 'https://s3.example.net', forcePathStyle: false })).toBe('https://files.s3.example.net');
  });
});
