import { randomUUID } from 'node:crypto';
import type { Agent } from 'supertest';
import type { DeviceView, PointView, ProjectView } from '@smi/contracts';
import { livePoints } from '@smi/db';
import type { Harness } from '../testing/harness.js';
import { createNotification } from '../notifications/repository.js';

/** Test helpers that build an account's survey data through the real API (the notification through its repository). */

let serial = 0;
export const uniqueCode = (prefix = 'DEV') => `${prefix}-${Date.now().toString(36)}-${++serial}`;

export async function registerDevice(agent: Agent, type: 'rover' | 'base', connect = true): Promise<DeviceView> {
  const code = uniqueCode(type === 'base' ? 'BASE' : 'ROVER');
  const reg = await agent.post(`/api/devices/${code}`).send({ Name: `${type} ${serial}`, Type: type });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (connect) {
    // the signed-in user's own path; Registered_User_Id is the owning workspace (decision 064), in a team not the user
    const me = (await agent.get('/api/user/data')).body.userData.userId as string;
    const added = await agent.post(`/api/user/${me}/add-device`).send({ DeviceCode: code });
    if (added.status !== 200) throw new Error(`connect failed: ${added.status} ${JSON.stringify(added.body)}`);
    return added.body.device;
  }
  return reg.body.device;
}

export async function createProject(agent: Agent, base: DeviceView, rovers: DeviceView[], name = `Site ${++serial}`): Promise<ProjectView> {
  const res = await agent
    .post('/api/projects')
    .send({ Name: name, Description: 'Boundary survey', BaseStation: base._id, ClientDevices: rovers.map((r) => r._id) });
  if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.project;
}

export async function recordPoint(agent: Agent, projectId: string, extra: Record<string, unknown> = {}): Promise<PointView> {
  const res = await agent.post('/api/points').send({
    ProjectId: projectId,
    Name: `P${++serial}`,
    Type: 'recorded',
    Latitude: 6.9271,
    Longitude: 79.8612,
    Accuracy: 'High',
    Timestamp: new Date().toISOString(),
    Device: 'rover 1',
    Section: 'default',
    ...extra,
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`record failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** An account with a connected base and rover, a project using them, one point, one deleted point and one notification. */
export async function surveyFixture(h: Harness, account: { agent: Agent; userId: string }) {
  const base = await registerDevice(account.agent, 'base');
  const rover = await registerDevice(account.agent, 'rover');
  const project = await createProject(account.agent, base, [rover]);
  // registered, not connected: what add-device takes
  const spare = await registerDevice(account.agent, 'rover', false);
  // on the edge of pavement 1, so a line can be edited at it
  const point = await recordPoint(account.agent, project._id, { ClientId: randomUUID(), Section: 'Kerb', Code: 'EP1' });
  // deleted, so restorable (decision 072)
  const deletedPoint = await recordPoint(account.agent, project._id);
  const deleted = await account.agent.delete(`/api/points/${project._id}/${deletedPoint._id}`);
  if (deleted.status !== 200) throw new Error(`delete failed: ${deleted.status} ${JSON.stringify(deleted.body)}`);
  const notification = await createNotification(h.db, { userId: account.userId, deviceId: rover._id, type: 'device-offline', text: 'rover went offline' });
  // a code nobody has registered yet
  const freshCode = uniqueCode('NEW');
  return { ...account, base, rover, spare, project, point, deletedPoint, notification, freshCode };
}
export type SurveyFixture = Awaited<ReturnType<typeof surveyFixture>>;

/** Everything stored for one account, to prove a refused request changed nothing. */
export async function snapshotOf(h: Harness, userId: string) {
  const q = (sql: string) => h.db.query(sql, [userId]);
  return {
    devices: await q('SELECT * FROM devices WHERE owner_id = $1 ORDER BY id'),
    projects: await q('SELECT * FROM projects WHERE owner_id = $1 ORDER BY id'),
    projectDevices: await q(
      'SELECT pd.* FROM project_devices pd JOIN projects p ON p.id = pd.project_id WHERE p.owner_id = $1 ORDER BY 1, 2',
    ),
    points: await q(`SELECT pt.* FROM ${livePoints('pt')} JOIN projects p ON p.id = pt.project_id WHERE p.owner_id = $1 ORDER BY pt.id`),
    notifications: await q('SELECT * FROM notifications WHERE user_id = $1 ORDER BY id'),
  };
}
