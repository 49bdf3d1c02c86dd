// Test helper: every calendar day in a range, produced with UTC millisecond arithmetic so that it
// shares no code with the library's own calendar functions (and no local time zone is involved).
export interface Day {
  year: number;
  month: number;
  day: number;
  iso: string;
}

const DAY_MS = 86_400_000;

export function* eachDay(fromIso: string, toIso: string): Generator<Day> {
  const end = Date.parse(`${toIso}T00:00:00Z`);
  for (let t = Date.parse(`${fromIso}T00:00:00Z`); t <= end; t += DAY_MS) {
    const d = new Date(t);
    const iso = d.toISOString().slice(0, 10);
    yield { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), iso };
  }
}
