import { vi } from 'vitest';

/** A socket.io client as the feed uses it: events on the socket and on its manager, connect() counted. */
export function fakeSocket() {
  const handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  const managerHandlers = new Map<string, (() => void)[]>();
  const on = (map: Map<string, ((...a: unknown[]) => void)[]>) => (event: string, fn: (...a: unknown[]) => void) => {
    map.set(event, [...(map.get(event) ?? []), fn]);
  };
  const socket = {
    connected: false,
    active: false,
    connects: 0,
    on: on(handlers),
    emit: vi.fn(),
    removeAllListeners: vi.fn(),
    disconnect: vi.fn(),
    connect() {
      this.connects++;
      this.active = true;
    },
    io: { on: on(managerHandlers as Map<string, ((...a: unknown[]) => void)[]>) },
    /** the manager used up its attempts */
    giveUp() {
      this.active = false;
      managerHandlers.get('reconnect_failed')?.forEach((f) => f());
    },
    fire(event: string, ...args: unknown[]) {
      handlers.get(event)?.forEach((f) => f(...args));
    },
  };
  return socket;
}
