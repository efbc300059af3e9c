import type { Aedes } from 'aedes';

// nested deliveries allowed before the next one waits for a fresh stack
const MAX_DEPTH = 64;

/** The parts of mqemitter 7 this reaches into (mqemitter-redis inherits them). */
interface Emitter {
  _do(message: unknown, callback: unknown): unknown;
  _released(): void;
  _messageQueue: unknown[];
  _messageCallbacks: unknown[];
  current: number;
  _doing: boolean;
}

/**
 * aedes hands every message to mqemitter, which lets at most `concurrency` be in flight and queues the rest. When a
 * slot frees it starts the next queued message from inside the finishing one's callback, so a long queue drained by
 * deliveries that finish synchronously recurses once per message: at a few thousand readings a second the gateway
 * died with "Maximum call stack size exceeded" (mcollina/mqemitter#204, moscajs/aedes#193).
 * Once MAX_DEPTH deliveries are nested, the next one goes back to the head of the queue holding its slot (so nothing
 * overtakes it) and is started on a fresh stack (setImmediate): the order of messages is unchanged.
 */
export function guardMqStack(broker: Aedes): void {
  const mq = (broker as unknown as { mq: Partial<Emitter> }).mq;
  if (typeof mq._do !== 'function' || typeof mq._released !== 'function' || !Array.isArray(mq._messageQueue) || !Array.isArray(mq._messageCallbacks)) return;
  const q = mq as Emitter;
  const start = q._do;
  let depth = 0;
  q._do = function guardedDo(this: Emitter, message: unknown, callback: unknown) {
    if (depth >= MAX_DEPTH) {
      q._messageQueue.unshift(message);
      q._messageCallbacks.unshift(callback);
      q.current++;
      q._doing = true;
      // _released frees the slot and starts the head of the queue: this message
      setImmediate(() => q._released());
      return this;
    }
    depth++;
    try {
      return start.call(this, message, callback);
    } finally {
      depth--;
    }
  };
}
