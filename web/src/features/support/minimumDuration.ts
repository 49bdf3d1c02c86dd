/** The support form stays in its sending state for at least 1.5 s. */
export const SUPPORT_MIN_SENDING_MS = 1500;

export type Sleep = (ms: number) => Promise<void>;

const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Settles like `work`, but never before `ms` have passed since the call. The work runs at once; only
 * its outcome is held back, so a fast answer still shows the sending state for the full time and a
 * slow answer adds no extra wait.
 */
export async function atLeast<T>(work: Promise<T>, ms: number, sleep: Sleep = defaultSleep): Promise<T> {
  const pause = sleep(ms);
  try {
    return await work;
  } finally {
    await pause;
  }
}
