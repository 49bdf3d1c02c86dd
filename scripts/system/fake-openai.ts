/**
 * The fake OpenAI of the system suites (the repository's one, libs/testing), with a story of their
 * own. The fault suite gives each generation worker its own base URL (`baseUrl(tag)`), so a request
 * names its process, and holds the image requests open to catch a worker in the middle of a job.
 */
import { FakeOpenAi } from '@starborn/testing';

const STORY = `# A Chronicle From the Loopback Sky

## Born Under a Test Star

Long before the system suite woke, a hero was written by a fake model that answers every question the
same way. The winds of the loopback plains carried the tale from worker to worker, and no matter how
often a worker fell silent in the middle of its task, another took the tale up and finished it.

## The Road Ahead

The hero set out with a lantern and a stubborn heart, counting the stars that the suite asked for, and
promising to come back complete, with three pictures and one story, however many workers fell on the way.
`;

export function systemFakeOpenAi(): FakeOpenAi {
  return new FakeOpenAi({ replies: { backstory: STORY } });
}
