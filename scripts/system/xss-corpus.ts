/**
 * The XSS corpus of xss.system-spec.ts, and a loopback fake of the OpenAI API that writes it into
 * everything the AI produces (backstories, chapters, the narrator's lines), so the payloads reach the
 * pages through the AI output path (AI_PROVIDER=openai, OPENAI_BASE_URL pointed here).
 *
 * Every payload that could run sets `window.__xss` to its own id or opens a dialog (alert/confirm/
 * prompt), so a page shows which one ran. Every payload carries a marker word that must be visible
 * on the page afterwards: the text was rendered, not silently dropped.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** An 8×8 PNG: the provider scales what the model returns to 1024×1024. */
const PNG_8x8 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPIst+KFTEMLQkAHgZXgdP1eW4AAAAASUVORK5CYII=';

export class XssFakeOpenAi {
  baseURL = '';
  readonly requests: { endpoint: string; kind: string }[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseURL = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = (text ? JSON.parse(text) : {}) as {
      model?: string;
      size?: string;
      response_format?: { type?: string };
      messages?: { role: string; content: string }[];
    };
    if (req.method === 'POST' && req.url === '/v1/images/generations') {
      this.requests.push({ endpoint: 'images', kind: 'image' });
      return send(res, 200, { created: 1_763_700_000, data: [{ b64_json: PNG_8x8 }] });
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return send(res, 404, { error: { message: `Unknown ${req.url}`, type: 'invalid_request_error' } });
    }
    const system = body.messages?.find((message) => message.role === 'system')?.content ?? '';
    const kind =
      body.response_format?.type === 'json_object'
        ? 'chapter'
        : /narrator/i.test(system)
          ? 'narrator'
          : 'backstory';
    this.requests.push({ endpoint: 'chat', kind });
    const content = kind === 'chapter' ? chapter() : kind === 'narrator' ? NARRATOR_LINE : XSS_BACKSTORY;
    return send(res, 200, {
      id: 'chatcmpl-xss',
      object: 'chat.completion',
      created: 1_763_700_000,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 900, total_tokens: 1000 },
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
