import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { endpointDocs, endpoints, openApiPath, pathFor, type Endpoint, type EndpointName } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';

const table = Object.entries(endpoints) as [EndpointName, Endpoint][];
const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;

describe('the endpoint table and the OpenAPI document', () => {
  let h: Harness;
  let doc: { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

  beforeAll(async () => {
    h = await startHarness();
    const res = await h.agent().get('/api/openapi.json').expect(200).expect('Content-Type', /json/);
    doc = res.body;
  });
  afterAll(() => h.close());

  // that the table holds every mounted route, and the app mounts every endpoint of it: endpoint-table.test.ts

  it('serves an OpenAPI 3.1 document that a validator accepts', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the same validator refuses a broken document (the check can fail)', async () => {
    const broken = structuredClone(doc) as Record<string, unknown>;
    delete broken.info;
    const onePath = Object.values(broken.paths as Record<string, Record<string, Record<string, unknown>>>)[0]!;
    Object.values(onePath)[0]!.responses = 'none';
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('describes every endpoint of the table with its parameters, request body and reply', () => {
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(table.length);
    for (const [name, e] of table) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()] as
        | { operationId: string; summary: string; parameters: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }
        | undefined;
      expect(op, `${keyOf(e)} is in the document`).toBeDefined();
      expect(op!.operationId).toBe(name);
      expect(op!.summary.length).toBeGreaterThan(0);
      const pathNames = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      expect(op!.parameters.filter((p) => p.in === 'path').map((p) => p.name).sort(), `${keyOf(e)} path parameters`).toEqual(pathNames.sort());
      // a body is JSON from the table's schema, or a file (endpointDocs' upload types)
      expect(!!op!.requestBody, `${keyOf(e)} request body`).toBe(!!e.body || !!endpointDocs[name as EndpointName].upload);
      const ok = Object.entries(op!.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(ok.length, `${keyOf(e)} has a success reply`).toBeGreaterThan(0);
      for (const [, reply] of ok) expect(Object.keys(reply.content ?? {}).length, `${keyOf(e)} reply content`).toBeGreaterThan(0);
      if (e.access !== 'public') expect(op!.responses['401'], `${keyOf(e)} 401`).toBeDefined();
    }
  });

  it("a signed-in user's replies to 43 endpoints match the reply schemas the document is made from", async () => {
    const user = await h.verifiedUser();
    const check = async (name: EndpointName, params: Record<string, string> = {}, body?: unknown, query = '') => {
      const e: Endpoint = endpoints[name];
      const path = pathFor(e.path, params) + query;
      const req = user.agent[e.method.toLowerCase() as 'get'](path);
      const res = body === undefined ? await req : await req.send(body as object);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(endpointDocs[name].status ?? 200);
      const parsed = endpointDocs[name].json!.safeParse(res.body);
      expect(parsed.error?.issues ?? [], name).toEqual([]);
      return res.body;
    };
    await check('publicConfig');
    await check('isAuth');
    await check('userData');
    await check('getSettings');
    await check('putSettings', {}, { map: { theme: 'Dark' } });
    const base = await check('registerDevice', { deviceId: 'OA-BASE-1' }, { Name: 'Base', Type: 'base', Registered_User_Id: user.userId });
    const rover = await check('registerDevice', { deviceId: 'OA-ROVER-1' }, { Name: 'Rover', Type: 'rover', Registered_User_Id: user.userId });
    await check('addDevice', { userId: user.userId }, { DeviceCode: 'OA-BASE-1' });
    await check('addDevice', { userId: user.userId }, { DeviceCode: 'OA-ROVER-1' });
    await check('getDevice', { id: base.device._id });
    await check('connectedDevices', { userId: user.userId });
    await check('registeredDevices', { userId: user.userId });
    await check('deviceAlerts', { userId: user.userId });
    const made = await check('createProject', {}, { Name: 'Documented', BaseStation: base.device._id, ClientDevices: [rover.device._id] });
    await check('getProject', { id: made._id });
    await check('userProjects', { userId: user.userId });
    await check('addSection', { id: made._id }, { sectionName: 'North' });
    const point = await check('recordPoint', {}, {
      ProjectId: made._id,
      Name: 'P1',
      Type: 'recorded',
      Latitude: 6.615,
      Longitude: 79.968,
      Accuracy: 'High',
      Timestamp: '2026-11-01T00:00:00.000Z',
      Device: 'Rover',
      Section: 'North',
    });
    await check('listPoints', { projectId: made._id });
    await check('renamePoint', { projectId: made._id, pointId: point.data._id }, { Name: 'P1a' });
    await check('gridPoints', { id: made._id });
    await check('getProjectCrs', { id: made._id });
    await check('getMeasurementSettings', { projectId: made._id });
    await check('listBaseSetups', { id: made._id });
    await check('latestAutoFix', { id: made._id });
    await check('listRecentNotifications', { userId: user.userId });
    await check('listNtripCredentials');
    await check('createNtripCredential', {}, { name: 'Controller' });
    await check('getUserNtripSource');
    await check('getNtripSource', { id: made._id });
    await check('projectCorrectionsClients', { id: made._id });
    await check('deletePoint', { projectId: made._id, pointId: point.data._id });
    await check('checkDevice', { deviceCode: 'OA-BASE-1' });
    await check('setProjectStatus', { id: made._id }, { Status: 'Paused' });
    await check('removeSection', { id: made._id }, { sectionName: 'North' });
    await check('getCalibration', { id: made._id });
    await check('searchCrs', {}, undefined, '?query=32644');
    await check('listNotifications', { userId: user.userId, count: '5' });
    await check('listCodeLists');
    await check('defaultCodeList');
    await check('projectCodeList', { projectId: made._id });
    await check('projectLinework', { projectId: made._id });
    await check('putUserNtripSource', {}, { url: '' });
    const credential = await check('listNtripCredentials');
    await check('deleteNtripCredential', { id: credential.credentials[0].id });
    await check('openApi');
  });
});
