/** A refusal as a service's error describes itself (`toShape()`): its status, code and message at least. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  [field: string]: unknown;
}

/** What a request was refused with (a RemoteError's shape), or undefined when it was answered. */
export function errorOf(promise: Promise<unknown>): Promise<Refusal | undefined> {
  return promise.then(
    () => undefined,
    (error: { toShape(): Refusal }) => error.toShape(),
  );
}
