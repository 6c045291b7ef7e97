/**
 * The origin browsers reach an S3 bucket at: the Content-Security-Policy must allow it for the
 * presigned PUT (connect-src) and the redirected downloads (img-src). Pure; no SDK.
 */
export interface S3Location {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

export function s3PublicOrigin(location: S3Location): string {
  if (location.endpoint) {
    const url = new URL(location.endpoint);
    return location.forcePathStyle ? url.origin : `${url.protocol}//${location.bucket}.${url.host}`;
  }
  return location.forcePathStyle ? `https://s3.${location.region}.amazonaws.com` : `https://${location.bucket}.s3.${location.region}.amazonaws.com`;
}
