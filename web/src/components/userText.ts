/**
 * User text inside a string the app writes (a toast, an accessible name): wrapped in a first-strong
 * isolate (U+2068 … U+2069), the text equivalent of `<bdi>`, so a right-to-left name cannot reorder
 * the words around it. In markup, user text is wrapped in `<bdi>` or carries `dir="auto"` instead.
 */
export const isolated = (text: string): string => `\u2068${text}\u2069`;
