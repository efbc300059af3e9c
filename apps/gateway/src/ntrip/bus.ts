/**
 * Mountpoints across gateway processes (distributed mode): the caster that receives a source's frames publishes them
 * on `smi/internal/ntrip/{gatewayId}/{key}` through the broker (Redis between processes, like readings), by the
 * mountpoint's key (mountKey: a base's or a project's, never a bare name); every other process's caster delivers them
 * to its own clients. A process ignores what it published itself, and a topic that names no key.
 */
const PREFIX = 'smi/internal/ntrip/';
const KEY = /^[bp]:[^/+#]+$/;

export function ntripBus(gatewayId: string, publish: (topic: string, payload: Buffer) => void) {
  return {
    topicOfAll: `${PREFIX}+/+`,
    publish: (key: string, bytes: Buffer) => publish(`${PREFIX}${gatewayId}/${key}`, bytes),
    receive(topic: string, payload: Buffer, deliver: (key: string, bytes: Buffer) => void) {
      const [from, key] = topic.slice(PREFIX.length).split('/');
      if (from && key && from !== gatewayId && KEY.test(key)) deliver(key, payload);
    },
  };
}
