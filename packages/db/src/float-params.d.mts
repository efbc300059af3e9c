export function float8ArrayBinary(values: Float64Array): Buffer;
export function floatArrayParams<T extends unknown[] | undefined>(params: T): T;
export function floatArrayOptions(lite: { serializers: Record<number, (v: unknown) => unknown> }, params: unknown[] | undefined): { serializers: Record<number, (v: unknown) => unknown> } | undefined;
