import { Injectable } from '@nestjs/common';

/** All time comes from here, so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until told to move (tests). */
export class ManualClock extends Clock {
  constructor(private current = new Date('2026-01-01T00:00:00Z')) {
    super();
  }
  override now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
