/**
 * The part of busboy 1.6 (the streaming multipart and urlencoded parser, app/lib/http/form-stream.server.ts)
 * the portal uses. (Replace with @types/busboy when that is installed.)
 */
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  export interface Limits {
    fieldNameSize?: number;
    fieldSize?: number;
    fields?: number;
    fileSize?: number;
    files?: number;
    parts?: number;
    headerPairs?: number;
  }

  export interface BusboyConfig {
    headers: IncomingHttpHeaders;
    highWaterMark?: number;
    fileHwm?: number;
    defCharset?: string;
    defParamCharset?: string;
    preservePath?: boolean;
    limits?: Limits;
  }

  export interface FileInfo {
    filename: string | undefined;
    encoding: string;
    mimeType: string;
  }

  export interface FieldInfo {
    nameTruncated: boolean;
    valueTruncated: boolean;
    encoding: string;
    mimeType: string;
  }

  export type FileStream = Readable & { truncated?: boolean };

  export type Busboy = Writable;

  export default function busboy(config: BusboyConfig): Busboy;
}
