export function floatArrayParams<T extends unknown[] | undefined>(params: T): T;
export function pgliteFloatArrayArgs(
  lite: { serializers: Record<number, (v: unknown) => unknown> },
  params: unknown[] | undefined,
): [unknown[] | undefined, { serializers: Record<number, (v: unknown) => unknown> } | undefined];
