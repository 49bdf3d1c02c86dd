// Counts the Redis commands a process sends, by name (Lua scripts by their BullMQ script name), and the
// mean time each takes from send to reply as seen by the client. Patches ioredis once, process-wide;
// records only between start() and stop(), so measured runs are not instrumented.
import { Redis } from 'ioredis';
import { percentile, sortedSamples } from './stats.mjs';

const scriptNames = new Map(); // sha1 -> script name
let active = null;
let installed = false;

function scriptName(connection, sha) {
  let name = scriptNames.get(sha);
  if (name === undefined) {
    for (const [scriptKey, script] of Object.entries(connection.scriptsSet ?? {})) {
      scriptNames.set(script.sha, scriptKey);
    }
    name = scriptNames.get(sha) ?? `script:${String(sha).slice(0, 8)}`;
  }
  return name;
}

function install() {
  if (installed) return;
  installed = true;
  const original = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function profiledSendCommand(command, stream) {
    if (active) {
      const name = command.name === 'evalsha' ? `${scriptName(this, command.args[0])} (lua)` : command.name;
      let entry = active.get(name);
      if (!entry) active.set(name, (entry = { calls: 0, durations: [], blocking: false }));
      entry.calls += 1;
      entry.blocking ||= /^(bzpopmin|bzpopmax|blpop|brpop|brpoplpush|blmove|xread|xreadgroup)$/i.test(
        command.name,
      );
      const sent = performance.now();
      const done = () => {
        entry.durations.push(performance.now() - sent);
      };
      command.promise?.then(done, done);
    }
    return original.call(this, command, stream);
  };
}

export function startRedisProfile() {
  install();
  active = new Map();
}

/** Stops recording; per request: calls of each command and their median send-to-reply time. */
export function stopRedisProfile(requests) {
  const recorded = active ?? new Map();
  active = null;
  const round = (value) => Math.round(value * 1000) / 1000;
  return [...recorded.entries()]
    .map(([command, { calls, durations, blocking }]) => ({
      command,
      perRequest: Math.round((calls / requests) * 100) / 100,
      p50Ms: durations.length > 0 ? round(percentile(sortedSamples(durations), 50)) : null,
      blocking,
    }))
    .sort((a, b) => b.perRequest - a.perRequest || a.command.localeCompare(b.command));
}
