/**
 * Drives a running product over plain HTTP, as a browser or a field app would: used by the process-level tests
 * (faults) and by the benchmarks. The verification code is read from the server's log (no SMTP_URL: the outbox).
 */
export interface ProductHandle {
  url: string;
  output: () => string;
}

export async function call(url: string, method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const idOf = (reply: Record<string, unknown>) =>
  ((reply.device as { _id?: string } | undefined)?._id ?? (reply.data as { _id?: string } | undefined)?._id ?? reply._id) as string;

/** A verified surveyor with a connected base and rover and a project using them. */
export async function seedSurveyor(p: ProductHandle, tag = 'seed') {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `${tag}-${stamp}@example.com`;
  const reg = await fetch(`${p.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Surveyor', email, password: 'field-pass-1' }),
  });
  if (reg.status !== 201) throw new Error(`register -> ${reg.status}`);
  const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
  const logged = p.output().length;
  await call(p.url, 'GET', '/api/auth/sendverifyotp', cookie);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    code = p.output().slice(logged).match(/verification code is (\d{6})/)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  await call(p.url, 'POST', '/api/auth/verify-email', cookie, { otp: code });
  const { userId } = (await call(p.url, 'GET', '/api/user/data', cookie)).userData as { userId: string };
  const base = `${tag}-base-${stamp}`.toUpperCase();
  const rover = `${tag}-rover-${stamp}`.toUpperCase();
  const baseReply = await call(p.url, 'POST', `/api/devices/${base}`, cookie, { Name: 'Base', Type: 'base', Registered_User_Id: userId });
  const roverReply = await call(p.url, 'POST', `/api/devices/${rover}`, cookie, { Name: 'Rover', Type: 'rover', Registered_User_Id: userId });
  await call(p.url, 'POST', `/api/user/${userId}/add-device`, cookie, { DeviceCode: base });
  await call(p.url, 'POST', `/api/user/${userId}/add-device`, cookie, { DeviceCode: rover });
  const project = await call(p.url, 'POST', '/api/projects', cookie, {
    Name: `${tag} project`,
    Description: 'made by a test',
    BaseStation: idOf(baseReply),
    ClientDevices: [idOf(roverReply)],
    UserId: userId,
  });
  return { cookie, email, password: 'field-pass-1', userId, projectId: project._id as string, base, rover };
}

/** The body of the i-th point of a synthetic survey: a grid of 100 x n/100 points about 1 m apart, five sections. */
export function pointBody(projectId: string, i: number, extra: Record<string, unknown> = {}) {
  return {
    ProjectId: projectId,
    Name: `P${i + 1}`,
    Type: 'recorded',
    Latitude: 6.615 + (i % 100) * 1e-5,
    Longitude: 79.968 + Math.floor(i / 100) * 1e-5,
    Accuracy: (['High', 'Medium', 'Low'] as const)[i % 3],
    Timestamp: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
    Device: 'Rover',
    Section: `S${i % 5}`,
    ...extra,
  };
}

/** Records n points through POST /api/points, `concurrency` at a time. */
export async function recordPoints(url: string, cookie: string, projectId: string, n: number, concurrency = 8) {
  let next = 0;
  const worker = async () => {
    while (next < n) await call(url, 'POST', '/api/points', cookie, pointBody(projectId, next++));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
