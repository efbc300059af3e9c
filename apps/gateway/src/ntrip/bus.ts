/**
 * Mountpoints across gateway processes (distributed mode): the caster that receives a source's frames publishes them
 * on `smi/internal/ntrip/{gatewayId}/{mount}` through the broker (Redis between processes, like readings); every
 * other process's caster delivers them to its own clients. A process ignores what it published itself.
 */
const PREFIX = 'smi/internal/ntrip/';

export function ntripBus(gatewayId: string, publish: (topic: string, payload: Buffer) => void) {
  return {
    topicOfAll: `${PREFIX}+/+`,
    publish: (mount: string, bytes: Buffer) => publish(`${PREFIX}${gatewayId}/${mount}`, bytes),
    receive(topic: string, payload: Buffer, deliver: (mount: string, bytes: Buffer) => void) {
      const [from, mount] = topic.slice(PREFIX.length).split('/');
      if (from && mount && from !== gatewayId) deliver(mount, payload);
    },
  };
}
