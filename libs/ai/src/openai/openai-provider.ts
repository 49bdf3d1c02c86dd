import { escapeNarrationQuotes, escapeQuotedNames } from '../markdown-escape.js';
import OpenAI from 'openai';
import sharp from 'sharp';
import { AiConfigError, AiProviderError, AiQuotaExceededError } from '../errors.js';
import { chapterPosition } from '../chapter-format.js';
import {
  BACKSTORY_SYSTEM_PROMPT,
  backstoryUserPrompt,
  CHAPTER_SYSTEM_PROMPT,
  chapterUserPrompt,
  imagePrompt,
  NARRATOR_SYSTEM_PROMPT,
  narratorUserPrompt,
} from '../prompts.js';
import { illustrationPrompt } from '../illustration-prompt.js';
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH } from '../local/illustration.js';
import {
  IMAGE_ANGLES,
  type AiProvider,
  type ChapterIllustration,
  type ChapterRequest,
  type IllustrationRequest,
  type GeneratedImage,
  type HeroProfile,
  type HeroImageOptions,
  type ImageAngle,
  type NarrationRequest,
  type WrittenChapter,
} from '../types.js';
import { planStory, revisePlan } from '../local/story/plan.js';
import { readChapterAnswer } from './chapter-answer.js';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** e.g. a loopback fake: 'http://127.0.0.1:PORT/v1'. Defaults to the SDK's (api.openai.com). */
  baseURL?: string;
  textModel: string;
  imageModel: string;
  /** SDK retries for 408/409/429/5xx and connection errors (default 2). */
  maxRetries?: number;
  /** Per-request timeout in ms (default 180 s: image models are slow). */
  timeoutMs?: number;
}

const IMAGE_SIZE = 1024;
/** Error codes OpenAI uses when the account cannot pay for more requests. */
const QUOTA_CODES = new Set(['insufficient_quota', 'billing_hard_limit_reached', 'billing_not_active']);

/**
 * Maps anything the SDK throws to AiQuotaExceededError (quota or billing exhausted) or
 * AiProviderError with `retryable` (429 rate limits, 408/409, 5xx and connection errors).
 */
export function mapOpenAiError(err: unknown, what: string): Error {
  if (err instanceof AiProviderError || err instanceof AiQuotaExceededError) return err;
  if (err instanceof OpenAI.APIUserAbortError) {
    return new AiProviderError(`OpenAI ${what} was aborted`, { retryable: false, cause: err });
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new AiProviderError(`OpenAI ${what} failed: ${err.message}`, { retryable: true, cause: err });
  }
  if (err instanceof OpenAI.APIError) {
    const code = err.code ?? undefined;
    const type = err.type ?? undefined;
    if ((code && QUOTA_CODES.has(code)) || (type && QUOTA_CODES.has(type))) {
      return new AiQuotaExceededError(`OpenAI quota exhausted during ${what}: ${err.message}`, {
        cause: err,
      });
    }
    const status = err.status;
    const retryable =
      status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    return new AiProviderError(
      `OpenAI ${what} failed (${status ?? 'no status'}${code ? `, ${code}` : ''}): ${err.message}`,
      {
        retryable,
        ...(status === undefined ? {} : { status }),
        cause: err,
      },
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new AiProviderError(`OpenAI ${what} failed: ${message}`, { retryable: false, cause: err });
}

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ChatBody = Omit<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, 'model'>;

/** A conversation's opening: the system prompt, then the user's. */
const conversation = (system: string, user: string): ChatMessage[] => [
  { role: 'system', content: system },
  { role: 'user', content: user },
];

/** Provider backed by the OpenAI API: chat completions for the texts, the images API for pictures. */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai';
  private readonly client: OpenAI;
  private readonly textModel: string;
  private readonly imageModel: string;

  constructor(options: OpenAiProviderOptions) {
    if (!options.apiKey) throw new AiConfigError('OpenAiProvider needs an apiKey (OPENAI_API_KEY).');
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      maxRetries: options.maxRetries ?? 2,
      timeout: options.timeoutMs ?? 180_000,
    });
    this.textModel = options.textModel;
    this.imageModel = options.imageModel;
  }

  async generateBackstory(hero: HeroProfile): Promise<string> {
    const answer = await this.complete('backstory', 'the backstory', {
      messages: conversation(BACKSTORY_SYSTEM_PROMPT, backstoryUserPrompt(hero)),
      max_completion_tokens: 2000,
    });
    const text = answer.trim();
    if (!text) throw new AiProviderError('OpenAI returned an empty backstory', { retryable: true });
    // The model was given the name verbatim: its quotes of it are escaped, so the name stays text.
    return `${escapeQuotedNames(text, [hero.name])}\n`;
  }

  /**
   * A chapter as JSON (title, markdown, summary). An answer that is malformed or outside the length
   * bounds gets one corrective follow-up in the same conversation; a second bad answer fails the
   * call as a retryable AiProviderError (the job's own retries then start afresh).
   */
  async writeChapter(request: ChapterRequest): Promise<WrittenChapter> {
    const { chapterNumber, total } = chapterPosition(request);
    // A request from before plans existed gets the plan the local writer would make, so the model
    // too writes one continuous story with a cast, places and an arc.
    const plan = revisePlan(request.plan ?? planStory(request.hero, { chaptersTotalCount: total }), {
      chapterNumber,
      chaptersTotalCount: total,
      previousChapters:
        request.previousChapters ?? (request.previousChapter ? [request.previousChapter] : []),
    });
    const messages = conversation(CHAPTER_SYSTEM_PROMPT, chapterUserPrompt({ ...request, plan }));
    const first = await this.completeChapter(messages, chapterNumber);
    const firstAnswer = readChapterAnswer(first, chapterNumber);
    if (firstAnswer.ok) return escapeChapter(firstAnswer.chapter, request);

    const correction: ChatMessage[] = first
      ? [
          { role: 'assistant', content: first },
          {
            role: 'user',
            content: `That answer cannot be used: ${firstAnswer.problem}. Answer again with the whole chapter as one JSON object with "title", "markdown" and "summary", following every rule.`,
          },
        ]
      : [];
    const second = await this.completeChapter([...messages, ...correction], chapterNumber);
    const secondAnswer = readChapterAnswer(second, chapterNumber);
    if (secondAnswer.ok) return escapeChapter(secondAnswer.chapter, request);
    throw new AiProviderError(`OpenAI wrote an unusable chapter ${chapterNumber}: ${secondAnswer.problem}`, {
      retryable: true,
    });
  }

  /** One chat completion asking for JSON; the answer's text, or '' when there was none. */
  private async completeChapter(messages: ChatMessage[], chapterNumber: number): Promise<string> {
    const what = `chapter ${chapterNumber}`;
    const text = await this.complete(what, what, {
      messages,
      response_format: { type: 'json_object' },
      // 1,200 words of prose is about 1,600 tokens; JSON and the summary add a few hundred.
      max_completion_tokens: 4000,
    });
    return text.trim();
  }

  /** The narrator's next line in a shared story room: one short chat completion. */
  async narrate(request: NarrationRequest): Promise<string> {
    const answer = await this.complete('narration', 'the narration', {
      messages: conversation(NARRATOR_SYSTEM_PROMPT, narratorUserPrompt(request)),
      // Five sentences are about 150 tokens; a little room, and a chat should not wait on a long answer.
      max_completion_tokens: 400,
    });
    const text = answer.replace(/\s+/g, ' ').trim();
    if (!text) throw new AiProviderError('OpenAI returned an empty narration', { retryable: true });
    return escapeNarrationQuotes(text, request);
  }

  /**
   * One chat completion with the text model: the answer's text, '' when there was none. SDK errors
   * are mapped as `what` (see mapOpenAiError); a content-filter refusal of `subject` is not retried.
   */
  private async complete(what: string, subject: string, body: ChatBody): Promise<string> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({ model: this.textModel, ...body });
    } catch (err) {
      throw mapOpenAiError(err, what);
    }
    const choice = completion.choices[0];
    if (choice?.finish_reason === 'content_filter') {
      throw new AiProviderError(`OpenAI refused ${subject} (content filter)`, { retryable: false });
    }
    return choice?.message?.content ?? '';
  }

  async generateHeroImages(hero: HeroProfile, options: HeroImageOptions = {}): Promise<GeneratedImage[]> {
    const variant = options.variant ?? 0;
    const settled = await Promise.allSettled(
      IMAGE_ANGLES.map((angle) => this.generateImage(hero, angle, variant)),
    );
    const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    if (failures.length) {
      // A quota failure wins: retrying the others would fail the same way.
      throw failures.find((f) => f instanceof AiQuotaExceededError) ?? failures[0];
    }
    return settled.map((s) => (s as PromiseFulfilledResult<GeneratedImage>).value);
  }

  private async generateImage(
    hero: HeroProfile,
    angle: ImageAngle,
    variant: number,
  ): Promise<GeneratedImage> {
    const prompt = imagePrompt(hero, angle, variant);
    const data = await this.drawImage(prompt, `${IMAGE_SIZE}x${IMAGE_SIZE}`, `the ${angle} image`);
    return { angle, prompt, png: await normalisePng(data, IMAGE_SIZE, IMAGE_SIZE, `${angle} image`) };
  }

  /**
   * The chapter's illustration: one landscape image from a prompt built of the chapter (title, the
   * sentences that show its scene) and the hero's signs and appearance, scaled to the product's size.
   * The prompt, which says what the picture shows, is its alt text too.
   */
  async illustrateChapter(request: IllustrationRequest): Promise<ChapterIllustration> {
    const prompt = illustrationPrompt(request);
    // The widest landscape size each family of models draws.
    const size = /^dall-e/i.test(this.imageModel) ? '1792x1024' : '1536x1024';
    const what = `the illustration of chapter ${request.chapterNumber}`;
    const data = await this.drawImage(prompt, size, what);
    return {
      png: await normalisePng(data, ILLUSTRATION_WIDTH, ILLUSTRATION_HEIGHT, what),
      width: ILLUSTRATION_WIDTH,
      height: ILLUSTRATION_HEIGHT,
      alt: `${request.hero.name} in a scene of Chapter ${request.chapterNumber}, “${request.title}”.`,
    };
  }

  /** One images.generate call: the picture's bytes as the model sent them. */
  private async drawImage(prompt: string, size: ImageSize, what: string): Promise<Buffer> {
    // DALL·E models return URLs unless asked; GPT image models always return base64 and reject the parameter.
    const legacy = /^dall-e/i.test(this.imageModel);
    let response: OpenAI.Images.ImagesResponse;
    try {
      response = await this.client.images.generate({
        model: this.imageModel,
        prompt,
        n: 1,
        size,
        ...(legacy ? { response_format: 'b64_json' as const } : {}),
      });
    } catch (err) {
      throw mapOpenAiError(err, what.replace(/^the /, ''));
    }
    const b64 = response.data?.[0]?.b64_json;
    if (!b64) throw new AiProviderError(`OpenAI returned no image data for ${what}`, { retryable: true });
    return Buffer.from(b64, 'base64');
  }
}

type ImageSize = NonNullable<OpenAI.Images.ImageGenerateParams['size']>;

/** Ensures a PNG of exactly width × height whatever the model returned (size, format). */
async function normalisePng(data: Buffer, width: number, height: number, what: string): Promise<Buffer> {
  try {
    const meta = await sharp(data).metadata();
    if (meta.format === 'png' && meta.width === width && meta.height === height) return data;
    return await sharp(data).resize(width, height, { fit: 'cover' }).png().toBuffer();
  } catch (err) {
    throw new AiProviderError(`OpenAI returned an unreadable ${what}`, {
      retryable: true,
      cause: err,
    });
  }
}

/** The hero's name as the model quoted it, escaped in the chapter's markdown (the title is shown as text). */
function escapeChapter(chapter: WrittenChapter, request: ChapterRequest): WrittenChapter {
  return { ...chapter, markdown: escapeQuotedNames(chapter.markdown, [request.hero.name]) };
}
