import type { APIRequestContext } from '@playwright/test';
import type { Product } from './product';
import { uniqueEmail } from './fixtures';

/**
 * Account and devices for the survey specs, made through the real API with the page's own request context (so the
 * browser shares the session cookie): sign up, verify with the mailed code, register and connect a base and rovers,
 * and give each an MQTT secret for the simulator. The screens under test start after this.
 */
let crews = 0;
/** A documentation address (RFC 5737 TEST-NET-3) of its own for each crew. */
const crewAddress = () => `203.0.113.${(crews++ % 250) + 1}`;

export async function surveyAccount(request: APIRequestContext, product: Product, tag: string, name = 'Grace Surveyor') {
  const email = uniqueEmail(tag);
  // each crew signs up from its own address (the product trusts one proxy hop in these tests)
  const headers = { 'X-Forwarded-For': crewAddress() };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
    return res.json();
  };
  await ok(await request.post('/api/auth/register', { data: { name, email, password: 'field-work-1' }, headers }));
  const before = product.smtp.mails.length;
  await ok(await request.get('/api/auth/sendverifyotp', { headers }));
  const otp = await product.smtp.codeFor(email, before, 15_000);
  await ok(await request.post('/api/auth/verify-email', { data: { otp }, headers }));
  const { userData } = (await ok(await request.get('/api/user/data'))) as { userData: { userId: string } };
  return { email, userId: userData.userId, ok };
}

export async function surveyDevices(request: APIRequestContext, userId: string, devices: { code: string; name: string; type: 'rover' | 'base' }[]) {
  const secrets: string[] = [];
  for (const d of devices) {
    const reg = await request.post(`/api/devices/${d.code}`, { data: { Name: d.name, Type: d.type } });
    if (!reg.ok()) throw new Error(`register ${d.code}: ${reg.status()} ${await reg.text()}`);
    const add = await request.post(`/api/user/${userId}/add-device`, { data: { DeviceCode: d.code } });
    if (!add.ok()) throw new Error(`connect ${d.code}: ${add.status()} ${await add.text()}`);
    const { device } = (await (await request.get(`/api/devices/${d.code}`)).json()) as { device: { _id: string } };
    const secret = (await (await request.post(`/api/devices/${device._id}/secret`)).json()) as { secret: string };
    secrets.push('--secret', `${d.code}=${secret.secret}`);
  }
  return secrets;
}
