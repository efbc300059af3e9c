export function floatArrayParams<T extends unknown[] | undefined>(params: T): T;
