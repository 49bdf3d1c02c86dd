/**
 * The generation integration tests use the repository's fake OpenAI API (libs/testing) with its
 * defaults: a chat request asking for JSON is a chapter and gets FAKE_CHAPTER; any other gets
 * FAKE_STORY. Each endpoint's behaviour can be switched while a test runs; every request is recorded
 * with its arrival time.
 */
export { FAKE_CHAPTER, FAKE_STORY, FakeOpenAi } from '@starborn/testing';
