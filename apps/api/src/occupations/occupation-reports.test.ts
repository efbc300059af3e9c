import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCCUPATION_EVENT, occupationTopics, type OccupationView } from '@smi/contracts';
import { connected, eventually, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

/**
 * The embedded gateway hands its own occupation reports to the api in-process; another gateway's (a second process
 * on Redis) reach it through the broker, on that gateway's progress topic, and are validated there.
 */
describe("occupation reports from another gateway, beside the embedded gateway's own", () => {
  it("reach the owner's sockets validated; garbage, other owners' and a report on the embedded gateway's own topic do not", async () => {
    const a = await h.owner();
    const b = await h.owner();
    const rover = await h.device(a);
    const base = await h.device(a, 'base', 'Base');
    const project = await a.agent.post('/api/projects').send({ Name: 'Reports', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201);
    const started = await a.agent
      .post(`/api/projects/${project.body._id as string}/occupations`)
      .send({ DeviceId: rover.id, Method: 'topo', Name: 'R1' })
      .expect(201);
    const view = started.body.occupation as OccupationView;
    const socket = h.socket(a.cookie);
    await connected(socket);
    const events: OccupationView[] = [];
    socket.on(OCCUPATION_EVENT, (o: OccupationView) => events.push(o));

    const gateway = await mqtt.connectAsync(h.mqttUrl, { username: h.service.username, password: h.service.password, reconnectPeriod: 0 });
    const progress = { ...view.Progress, epochsUsed: 7, elapsedS: 6 };
    // on the embedded gateway's own topic: its own reports come in-process, so one from outside is not taken
    await gateway.publishAsync(occupationTopics.progress(h.gateway.id), JSON.stringify([{ ownerId: a.userId, occupation: { ...view, Name: 'spoofed' } }]));
    await gateway.publishAsync(occupationTopics.progress('gw-elsewhere'), 'not json {');
    await gateway.publishAsync(
      occupationTopics.progress('gw-elsewhere'),
      JSON.stringify([
        { ownerId: a.userId, occupation: { ...view, Status: 'bogus' } },
        { ownerId: b.userId, occupation: { ...view, Name: 'not yours' } },
        { ownerId: a.userId, occupation: { ...view, Status: 'paused', Progress: progress } },
      ]),
    );
    await eventually(() => events.length > 0);
    // the last message's valid report for a, and nothing else (a report waits for the ones before it on the broker)
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual([{ ...view, Status: 'paused', Progress: progress }]);
    await gateway.endAsync();
  });
});
