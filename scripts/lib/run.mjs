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

// Nx without its daemon, terminal UI or cloud: plain, predictable output in scripts and CI.
export const NX_ENV = { NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };

export async function build() {
  return run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream'], { env: NX_ENV });
}
