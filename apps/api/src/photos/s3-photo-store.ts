import { createHash } from 'node:crypto';
import aws4 from 'aws4';
import type { PhotoStore } from './photo-store.js';

export interface S3Config {
  /** http(s)://host[:port] of the S3 API (MinIO, Garage, Ceph, AWS: https://s3.<region>.amazonaws.com) */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** https://host/bucket/key (MinIO and most self-hosted stores) rather than https://bucket.host/key */
  pathStyle: boolean;
}

/**
 * An S3-compatible bucket spoken to with signed requests (AWS Signature Version 4, by aws4) over fetch: the three
 * object calls the store needs and two for the bucket, nothing more. A PUT is whole or absent in S3 itself.
 */
export function s3PhotoStore(c: S3Config): PhotoStore & { ensureBucket(): Promise<'existed' | 'created'> } {
  const endpoint = new URL(c.endpoint);
  const prefix = endpoint.pathname.replace(/\/+$/, '');
  const host = c.pathStyle ? endpoint.host : `${c.bucket}.${endpoint.host}`;
  const pathOf = (key: string) => `${prefix}${c.pathStyle ? `/${c.bucket}` : ''}${key ? `/${key.split('/').map(encodeURIComponent).join('/')}` : ''}` || '/';

  async function send(method: 'GET' | 'PUT' | 'DELETE' | 'HEAD', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = { 'X-Amz-Content-Sha256': createHash('sha256').update(body ?? '').digest('hex') };
    if (contentType) headers['Content-Type'] = contentType;
    const signed = aws4.sign(
      { host, path: pathOf(key), method, service: 's3', region: c.region, headers, body },
      { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
    );
    // fetch sets Host and Content-Length itself, to the same values that were signed
    const sent = Object.fromEntries(Object.entries(signed.headers ?? {}).filter(([k]) => !/^(host|content-length)$/i.test(k))) as Record<string, string>;
    return fetch(`${endpoint.protocol}//${host}${signed.path}`, { method, headers: sent, body: body ? new Uint8Array(body) : undefined });
  }

  const fail = async (what: string, res: Response) => {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    return new Error(`photo store ${what}: HTTP ${res.status}${code ? ` ${code}` : ''}`);
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const res = await send('PUT', key, body, contentType);
      if (!res.ok) throw await fail(`PUT ${key}`, res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw await fail(`GET ${key}`, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await fail(`DELETE ${key}`, res);
      await res.arrayBuffer();
    },
    /** Makes the bucket when it is not there (a fresh MinIO): the app needs no set-up step of its own. */
    async ensureBucket() {
      const head = await send('HEAD', '');
      if (head.ok) return 'existed';
      if (head.status !== 404) throw await fail('HEAD bucket', head);
      const made = await send('PUT', '');
      // another api process made it in the meantime
      if (made.status === 409) {
        await made.arrayBuffer();
        return 'existed';
      }
      if (!made.ok) throw await fail('create bucket', made);
      await made.arrayBuffer();
      return 'created';
    },
  };
}
