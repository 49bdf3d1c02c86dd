/**
 * The XSS corpus of xss.system-spec.ts, and a loopback fake of the OpenAI API that writes it into
 * everything the AI produces (backstories, chapters, the narrator's lines), so the payloads reach the
 * pages through the AI output path (AI_PROVIDER=openai, OPENAI_BASE_URL pointed here).
 *
 * Every payload that could run sets `window.__xss` to its own id or opens a dialog (alert/confirm/
 * prompt), so a page shows which one ran. Every payload carries a marker word that must be visible
 * on the page afterwards: the text was rendered, not silently dropped.
 */
import { FakeOpenAi } from '@starborn/testing';

/** Short payloads (hero names: at most 60 characters). The text must show exactly as typed. */
export const SHORT_PAYLOADS = [
  `<img src=x onerror="window.__xss='n1'">`,
  `<script>window.__xss='n2'</script>`,
  `"><svg onload=window.__xss='n3'>`,
  `'><img src=x onerror=alert('n4')>`,
  `[n5](javascript:alert('n5'))`,
  `&lt;b&gt;n6&#x3C;i&#x3E;&amp;`,
  `<a href="javascript:window.__xss='n7'">n7</a>`,
  `{{constructor.constructor('alert(8)')()}}`,
];

/**
 * Long payloads, for markdown (backstories, chapters, chat, narrator) and longer text fields: each on
 * its own line with its marker (`XSSMARK-<id>`), which must stay visible as text.
 */
export const MARKDOWN_PAYLOADS: [id: string, payload: string][] = [
  ['script', `<script>window.__xss='script'</script>`],
  ['img-onerror', `<img src=x onerror="window.__xss='img-onerror'">`],
  ['img-onerror-alert', `<img src="/nothing.png" onerror="alert('img-onerror-alert')">`],
  ['svg-onload', `<svg onload="window.__xss='svg-onload'"><circle r="4"/></svg>`],
  ['svg-script', `<svg><script>window.__xss='svg-script'</script></svg>`],
  ['a-javascript', `<a href="javascript:window.__xss='a-javascript'">a-javascript link</a>`],
  ['a-entity-javascript', `<a href="jav&#x09;ascript:window.__xss='a-entity-javascript'">entity link</a>`],
  ['md-link', `[md-link](javascript:window.__xss='md-link')`],
  ['md-link-entity', `[md-link-entity](&#106;avascript:window.__xss='md-link-entity')`],
  ['md-link-data', `[md-link-data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`],
  ['md-image', `![md-image](javascript:window.__xss='md-image')`],
  ['md-image-breakout', `![md-image-breakout](x" onerror="window.__xss='md-image-breakout')`],
  [
    'md-link-title',
    `[md-link-title](https://example.com "x\\" onmouseover=\\"window.__xss='md-link-title'")`,
  ],
  ['attr-breakout', `"><img src=x onerror=window.__xss='attr-breakout'>`],
  ['attr-breakout-single', `'><svg/onload=window.__xss='attr-breakout-single'>`],
  [
    'entities',
    `&lt;img src=x onerror=window.__xss='entities'&gt; &#60;script&#62;window.__xss='entities2'&#60;/script&#62;`,
  ],
  ['iframe', `<iframe src="javascript:window.__xss='iframe'"></iframe>`],
  ['iframe-srcdoc', `<iframe srcdoc="<script>parent.__xss='iframe-srcdoc'</script>"></iframe>`],
  ['details', `<details open ontoggle="window.__xss='details'"><summary>details</summary></details>`],
  ['autofocus', `<input autofocus onfocus="window.__xss='autofocus'">`],
  ['body', `<body onload="window.__xss='body'">`],
  ['object', `<object data="javascript:window.__xss='object'"></object>`],
  ['embed', `<embed src="javascript:window.__xss='embed'">`],
  ['form', `<form action="javascript:window.__xss='form'"><button>form</button></form>`],
  ['meta-refresh', `<meta http-equiv="refresh" content="0;url=javascript:window.__xss='meta-refresh'">`],
  ['style', `<style>*{background:url("javascript:window.__xss='style'")}</style>`],
  // Closed again at the end: an unclosed <style> would swallow the rest of the text (content lost).
  [
    'mxss',
    `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss'"></style></mglyph></table></mtext></math>`,
  ],
  ['template', `<template><script>window.__xss='template'</script></template>`],
  ['code-span', "`<img src=x onerror=window.__xss='code-span'>`"],
  ['dialog', `<img src=x onerror="confirm('dialog')"><img src=x onerror="prompt('dialog')">`],
  // Closed again at the end: DOMPurify parses without scripting, so the </noscript> inside the attribute
  // does not close it, and an unclosed <noscript> would swallow the rest of the text (content lost).
  ['noscript', `<noscript><p title="</noscript><img src=x onerror=window.__xss='noscript'>"></noscript>`],
];

/** One markdown text with every payload on its own paragraph, each with its marker. */
export function markdownCorpus(prefix = ''): string {
  return MARKDOWN_PAYLOADS.map(([id, payload]) => `${prefix}XSSMARK-${id} ${payload}`).join('\n\n');
}

export const MARKERS = MARKDOWN_PAYLOADS.map(([id]) => `XSSMARK-${id}`);

/** A backstory of the corpus (well past the free 300 characters). */
export const XSS_BACKSTORY = `# The Chronicle <img src=x onerror="window.__xss='title'">

## Born Under a Payload Star <script>window.__xss='h2'</script>

${markdownCorpus()}
`;

/** A chapter as the model answers the chapter prompt: the corpus, padded to the words it must have. */
function chapter(): string {
  const filler = Array.from(
    { length: 50 },
    () => 'The hero walked on under the quiet stars and listened to the wind across the hills.',
  ).join(' ');
  return JSON.stringify({
    title: `Payload Road <img src=x onerror="window.__xss='chapter-title'">`,
    markdown: `# Chapter\n\n${markdownCorpus('Chapter ')}\n\n${filler}`,
    summary:
      'The hero walked the payload road. A strange script was met and left inert. The story heads on to the next test.',
  });
}

/** The narrator's line: plain prose by contract, but a model can answer anything. */
export const NARRATOR_LINE = `XSSMARK-narrator The narrator speaks <img src=x onerror="window.__xss='narrator'"> [narrator-link](javascript:window.__xss='narrator-link') <script>window.__xss='narrator-script'</script>`;

/** The fake OpenAI (libs/testing) answering every chat completion with the corpus. */
export class XssFakeOpenAi extends FakeOpenAi {
  constructor() {
    super({ replies: { backstory: XSS_BACKSTORY, chapter, narrator: NARRATOR_LINE }, imageSize: 8 });
  }
}
