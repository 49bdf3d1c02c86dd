/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text every service can store and encode: no NUL (PostgreSQL text cannot hold it) and well-formed
 * UTF-16 (encoders throw on lone surrogates).
 */
export function isAcceptableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * What a writer reads when their text holds characters user text may not: each message written once
 * for every field (hero and display names, room titles, chat, the support form).
 */
export const USER_TEXT_MESSAGES = {
  controlCharacters:
    'Please remove the control characters from this text (line breaks are allowed only in a message of several lines).',
  directionControls:
    'Please remove the invisible characters that change the direction of this text (bidi overrides, embeddings and isolates).',
} as const;

/** C0 controls, DEL and C1 controls (U+0000–U+001F, U+007F–U+009F). */
const CONTROL = /\p{Cc}/u;
/** The same, but for the line breaks (LF, CR) a text of several lines is made of. */
const CONTROL_BUT_LINE_BREAK = /(?![\n\r])\p{Cc}/u;
/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what is shown
 * after them, beyond the text itself where a screen does not isolate it. The marks U+200E, U+200F
 * and U+061C stay allowed: they reorder nothing but a neutral character next to them, and
 * right-to-left writing needs them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Why a user's text cannot be stored and shown, as the message the writer reads, or null. `multiline`
 * for fields of several lines (the support message), which may hold line breaks.
 */
export function userTextProblem(text: string, options: { multiline?: boolean } = {}): string | null {
  if ((options.multiline ? CONTROL_BUT_LINE_BREAK : CONTROL).test(text))
    return USER_TEXT_MESSAGES.controlCharacters;
  if (DIRECTION_CONTROL.test(text)) return USER_TEXT_MESSAGES.directionControls;
  return null;
}
