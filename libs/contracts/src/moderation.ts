/**
 * What a writer reads when the content filter (libs/moderation) refuses their text: which text, and
 * that it can be written again. The refused text itself is never repeated back.
 */
export const MODERATION_MESSAGES = {
  heroName: 'Please choose another hero name: this one is not allowed.',
  displayName: 'Please choose another name: this one is not allowed.',
  roomTitle: 'Please choose another room title: this one is not allowed.',
  chatMessage: 'This message was not sent: it contains language that is not allowed.',
} as const;

/**
 * What the narrator says instead of a line the filter refuses (a model can echo what it read): a line
 * of its own, so the room still hears the narrator and the refused words are never shown.
 */
export const NARRATOR_WITHHELD_LINE =
  'The Cosmic Narrator pauses, weighs its words, and lets the heroes carry the tale a little further.';
