// Types of stack.mjs for the TypeScript callers (the system suites' harness, the deploy tests).
import type { ChildProcess } from 'node:child_process';

export declare const REPO_ROOT: string;
export declare const SERVICES: readonly string[];
export declare function serviceScript(service: string): string;
export declare function missingBuilds(services?: readonly string[], root?: string): string[];
export declare function serviceEnv(
  env?: Record<string, string | undefined>,
  options?: { dropNodeOptions?: boolean },
): NodeJS.ProcessEnv;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export type ProcessOutput =
  | 'pipe'
  | 'capture'
  | { stream: NodeJS.WritableStream & { isTTY?: boolean } }
  | { file: string; append?: boolean };

export interface StackProcessOptions {
  name: string;
  command?: string;
  args?: string[];
  env: NodeJS.ProcessEnv | Record<string, string | undefined>;
  cwd?: string;
  output?: ProcessOutput;
  tailLines?: number;
  color?: number;
  onUnexpectedExit?: (process: StackProcess, exit: ProcessExit) => void;
}

export declare class StackProcess {
  constructor(options: StackProcessOptions);
  readonly name: string;
  readonly child: ChildProcess;
  readonly pid: number | undefined;
  readonly tail: string[];
  readonly stdout: string;
  readonly stderr: string;
  readonly running: boolean;
  readonly exited: Promise<ProcessExit>;
  readonly closed: Promise<ProcessExit & { error?: Error }>;
  onLine(listener: (line: string) => void): () => void;
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  kill(signal?: NodeJS.Signals): void;
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<ProcessExit>;
}

export declare function startService(
  service: string,
  options: Omit<StackProcessOptions, 'name' | 'command' | 'args'> & { name?: string },
): StackProcess;

export declare function launchStack(options: {
  env: Record<string, string | undefined>;
  services?: readonly string[];
  outputStream?: NodeJS.WritableStream;
  dropNodeOptions?: boolean;
  cwd?: string;
}): {
  processes: StackProcess[];
  result: Promise<number>;
  stop(signal?: NodeJS.Signals): Promise<ProcessExit[]>;
};

export interface RunResult extends ProcessExit {
  stdout: string;
  stderr: string;
  ms: number;
}
export declare function runToEnd(
  command: string,
  args: string[],
  options?: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<RunResult>;

export declare function answers(url: string, timeoutMs?: number): Promise<boolean>;
export declare function waitUntil(
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; what?: string; problem?: () => Error | undefined },
): Promise<void>;
export declare function waitForHealthy(url: string, timeoutMs?: number): Promise<boolean>;
export declare function freePort(): Promise<number>;
export declare function reachable(host: string, port: number): Promise<boolean>;
export declare function checkBackingServices(env: {
  DATABASE_URL: string;
  REDIS_URL: string;
}): Promise<string[]>;
