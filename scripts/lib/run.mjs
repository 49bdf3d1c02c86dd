import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a command with its output (stdout and stderr, interleaved as written) kept rather than shown;
 * resolves with its exit code and that output, for a step that runs beside another whose log it
 * would otherwise cut into.
 */
export function runQuietly(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, {
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const output = () => Buffer.concat(chunks).toString('utf8');
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: output() }));
    child.on('error', (error) => resolve({ code: 127, output: `${output()}${error.message}\n` }));
  });
}

// Nx without its daemon, terminal UI or cloud: plain, predictable output in scripts and CI.
export const NX_ENV = { NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };

export async function build() {
  return run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream'], { env: NX_ENV });
}
