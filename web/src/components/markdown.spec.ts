import { describe, expect, it, jest } from '@jest/globals';
import {
  ALLOWED_ATTR,
  ALLOWED_TAGS,
  isSameOriginImage,
  parseMarkdown,
  renderMarkdown,
  SANITIZE_CONFIG,
  sanitizeHtml,
} from './markdown';

describe('markdown allow-list', () => {
  it('allows headings, paragraphs, links, lists, quotes, code, emphasis, tables and images only', () => {
    const expected =
      'h1 h2 h3 h4 h5 h6 p br a ul ol li blockquote code pre em strong i b table thead tbody tr th td img';
    expect([...ALLOWED_TAGS].sort()).toEqual(expected.split(' ').sort());
    for (const dangerous of ['script', 'style', 'iframe', 'object', 'form', 'input', 'svg', 'span', 'div']) {
      expect(SANITIZE_CONFIG.ALLOWED_TAGS).not.toContain(dangerous);
    }
  });

  it('allows only href, target, rel, src, alt and class', () => {
    expect([...ALLOWED_ATTR]).toEqual(['href', 'target', 'rel', 'src', 'alt', 'class']);
    expect(SANITIZE_CONFIG).toMatchObject({ ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
    for (const dangerous of ['style', 'onerror', 'onclick', 'id', 'srcset']) {
      expect(SANITIZE_CONFIG.ALLOWED_ATTR).not.toContain(dangerous);
    }
  });

  it('turns markdown into HTML', () => {
    const html = parseMarkdown('# Title\n\nSome *stars* and **light**.\n\n- one\n- two\n\n> quoted');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>stars</em>');
    expect(html).toContain('<strong>light</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<blockquote>');
  });

  it('passes the parsed HTML through the sanitiser', () => {
    const sanitize = jest.fn((html: string) => html.replace(/<script>.*<\/script>/, ''));
    const out = renderMarkdown('Hello <script>alert(1)</script>', {
      parse: (md) => `<p>${md}</p>`,
      sanitize,
    });
    expect(sanitize).toHaveBeenCalledWith('<p>Hello <script>alert(1)</script></p>');
    expect(out).toEqual({ kind: 'html', html: '<p>Hello </p>' });
  });

  it('falls back to plain text when formatting fails', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = renderMarkdown('**bold** text', {
      parse: () => {
        throw new Error('bad markdown');
      },
      sanitize: (h) => h,
    });
    expect(failing).toEqual({ kind: 'text', text: '**bold** text' });
    warn.mockRestore();
  });

  it('never returns unsanitised HTML where the sanitiser cannot run (no DOM here)', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => sanitizeHtml('<img src=x onerror=alert(1)>')).toThrow();
    expect(renderMarkdown('<img src=x onerror=alert(1)>')).toEqual({
      kind: 'text',
      text: '<img src=x onerror=alert(1)>',
    });
    warn.mockRestore();
  });
});

describe('backstory images', () => {
  it('keep only images the CSP lets load: this origin and data: URLs', () => {
    const origin = 'https://starborn.example';
    expect(isSameOriginImage('/media/a.png', origin)).toBe(true);
    expect(isSameOriginImage('https://starborn.example/x.png', origin)).toBe(true);
    expect(isSameOriginImage('data:image/png;base64,AAAA', origin)).toBe(true);
    expect(isSameOriginImage('https://evil.example/x.png', origin)).toBe(false);
    expect(isSameOriginImage('//evil.example/x.png', origin)).toBe(false);
    expect(isSameOriginImage('', origin)).toBe(false);
    expect(isSameOriginImage(null, origin)).toBe(false);
  });
});

describe('heading levels', () => {
  it('push the text’s headings below the page’s own, capped at h6', () => {
    expect(parseMarkdown('# Title\n\n## Part', 2)).toContain('<h3>Title</h3>');
    expect(parseMarkdown('# Title\n\n## Part', 2)).toContain('<h4>Part</h4>');
    expect(parseMarkdown('##### Deep', 3)).toContain('<h6>Deep</h6>');
    expect(parseMarkdown('# Title')).toContain('<h1>Title</h1>');
  });
});
