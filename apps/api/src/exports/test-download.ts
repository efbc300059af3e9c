import type { Agent, Response } from 'supertest';

/** GET an export and keep the reply as raw bytes, whatever its content type. */
export async function download(agent: Agent, format: string, projectId: string): Promise<Response & { body: Buffer }> {
  const res = await agent
    .get(`/api/export/${format}/${projectId}`)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
      stream.on('error', (err: Error) => done(err, null));
    });
  return res as Response & { body: Buffer };
}

/** The reply of an error as JSON (the download helper keeps bytes). */
export const jsonOf = (res: { body: Buffer }) => JSON.parse(res.body.toString('utf8')) as { success: boolean; message: string };
