import type { Aedes, PublishPacket } from 'aedes';
import { storedWillAllowed } from './policy.js';

type StoredWill = PublishPacket & { clientId?: string; brokerId?: string };
interface WillPersistence {
  streamWill(brokers?: Record<string, number>): AsyncIterable<StoredWill>;
}

/**
 * Drops the stored wills of dead gateways that their device could not have set before aedes reaches them.
 *
 * aedes (1.2, `_clearWills`) starts its authorizePublish for a batch of wills while it is still reading the next
 * ones from Redis, and awaits them together only later: a will refused there is a promise rejected with no handler
 * yet, which Node (20, `--unhandled-rejections=throw`) turns into an uncaught exception that ends the gateway. So a
 * forged will is refused here, in the stream aedes reads, and never becomes a rejection; the null-client rule in
 * authorizePublish stays as the second line for any will that reaches it some other way.
 */
export function filterStoredWills(broker: Aedes, refuse: (will: StoredWill) => void): void {
  const persistence = (broker as unknown as { persistence: WillPersistence }).persistence;
  const stream = persistence.streamWill.bind(persistence);
  persistence.streamWill = async function* allowedWills(brokers) {
    for await (const will of stream(brokers)) {
      if (storedWillAllowed(will)) yield will;
      else refuse(will);
    }
  };
}
