// Where the CPU went during a measured run, read from Linux's /proc (zeros elsewhere) and Redis INFO,
// and the clean-up of a Redis key prefix. For benches that run several processes on one machine.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every mainstream Linux). */
const TICKS_PER_SECOND = 100;
const tickMs = 1000 / TICKS_PER_SECOND;

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** CPU milliseconds (user + system, all threads) a process has used so far; null when it is gone. */
export function processCpuMs(pid) {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may contain spaces; the fields after it are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * tickMs; // utime, stime (fields 14 and 15)
}

/**
 * The read and write system calls a process (all its threads) has made so far, from /proc/PID/io; null
 * when it is gone or not readable (another user's process). Socket reads and writes count here, so for
 * servers talking over loopback this counts their messages: fewer per request means less work for the
 * kernel and fewer wake-ups of the process on the other end.
 */
export function processSyscalls(pid) {
  const io = readText(`/proc/${pid}/io`);
  if (io === null) return null;
  const field = (name) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return { reads: field('syscr'), writes: field('syscw') };
}

/**
 * A process's resident memory in MiB from /proc/PID/status: its peak so far (VmHWM) and now (VmRSS);
 * null when it is gone.
 */
export function processMemoryMiB(pid) {
  const status = readText(`/proc/${pid}/status`);
  if (status === null) return null;
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: Math.round(kib('VmHWM') / 1024), now: Math.round(kib('VmRSS') / 1024) };
}

/** CPU milliseconds of every running process whose command name is `name`, by pid. */
export function processesCpuMs(name) {
  const byPid = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    if (readText(`/proc/${entry}/comm`)?.trim() !== name) continue;
    const ms = processCpuMs(entry);
    if (ms !== null) byPid.set(entry, ms);
  }
  return byPid;
}

/** CPU used by processes named `name` between two processesCpuMs snapshots (new ones count whole). */
export function processesCpuDeltaMs(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The whole machine's CPU milliseconds so far, summed over its CPUs: busy and total. */
export function machineCpuMs() {
  const line = readText('/proc/stat')?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return { busyMs: 0, totalMs: 0 };
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busyMs: busy * tickMs, totalMs: (busy + idle + iowait) * tickMs };
}

/** CPU milliseconds the Redis server has used (the whole server: other clients of a shared Redis count). */
export async function redisCpuMs(redis) {
  const info = await redis.info('cpu');
  const field = (name) => Number(new RegExp(`${name}:([0-9.]+)`).exec(info)?.[1] ?? NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

/** The Redis server's process id, when it runs on this machine (INFO server). */
export async function redisPid(redis) {
  const info = await redis.info('server');
  return Number(/process_id:(\d+)/.exec(info)?.[1] ?? NaN);
}

/** Deletes every key under `${prefix}:`; returns how many. */
export async function deleteRedisPrefix(redis, prefix) {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}
