import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

/**
 * Page inspections shared by the screen audit: each answers a list of human-readable problems
 * (empty when the screen passes), so a failure names what is wrong and where.
 */

/** WCAG 2.1 levels A and AA, and the AA rules WCAG 2.2 added. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** An axe violation as one line: the rule, its impact, and the elements concerned. */
const describeViolation = (v: AxeResults['violations'][number]) =>
  `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

/**
 * The serious and critical axe violations (WCAG A/AA and best practices) inside the elements that
 * `within` selects: what a feature's own tests hold its part of the page to.
 */
export async function seriousAxeViolations(page: Page, within: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(within)
    .withTags([...WCAG_AA, 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(describeViolation);
}

/**
 * Every axe violation of WCAG A/AA on the whole document, whatever its impact, and of axe's best
 * practices those it rates serious or critical, with the elements concerned. The star field is left
 * out: it is aria-hidden decoration without text or controls, and its hundreds of dots only slow every
 * rule down.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags([...WCAG_AA, 'best-practice'])
    .exclude('.starfield')
    // Details only for violations: what passed is not read, and collecting it doubles the time.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter(
      (v) => v.tags.some((tag) => WCAG_AA.includes(tag)) || v.impact === 'serious' || v.impact === 'critical',
    )
    .map(describeViolation);
}

/**
 * Horizontal overflow: the document wider than the window. Names the outermost elements that reach
 * past the right or left edge without an ancestor that clips them.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      const r = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${id}${classes} (${Math.round(r.left)}–${Math.round(r.right)} px)`;
    };
    const clips = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX !== 'visible' || style.position === 'fixed';
    };
    const outside = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
    };
    const offenders: string[] = [];
    const visit = (el: Element) => {
      if (outside(el)) {
        offenders.push(describe(el));
        return;
      }
      if (clips(el)) return;
      for (const child of el.children) visit(child);
    };
    for (const child of document.body.children) visit(child);
    return [
      `the document is ${scrollWidth} px wide in a ${width} px window; past the edge: ${offenders.join(', ') || 'no single element (margins)'}`,
    ];
  });
}

/**
 * Text covered by the fixed header: for every visible piece of text outside the header whose box
 * meets the header's box, the element painted at the middle of that text belongs to the header.
 * `within` limits the search to one element (the target of an in-page jump).
 */
export async function textUnderHeader(page: Page, within?: Locator): Promise<string[]> {
  const root = within ? await within.elementHandle() : null;
  return page.evaluate((scope) => {
    const header = document.querySelector('.site-header');
    if (!header) return ['no site header'];
    const band = header.getBoundingClientRect();
    const hidden: string[] = [];
    const walker = document.createTreeWalker(scope ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || header.contains(parent)) continue;
      if (parent.closest('[aria-hidden="true"], .skip-link')) continue;
      const style = getComputedStyle(parent);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue;
        if (rect.bottom <= band.top || rect.top >= band.bottom) continue;
        if (rect.right <= band.left || rect.left >= band.right) continue;
        const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        if (top && header.contains(top)) {
          hidden.push(
            `"${text.slice(0, 40)}" at y=${Math.round(rect.top)} under the header (0–${Math.round(band.bottom)} px)`,
          );
          break;
        }
      }
    }
    return hidden;
  }, root);
}

/** What a disabled button paints, as CSS colours. */
interface ButtonLook {
  label: string;
  colour: string;
  background: string;
  /** The page's darkest background, under everything. */
  ground: string;
  /** The product of the button's and its ancestors' opacity. */
  opacity: number;
  cursor: string;
  /** A gradient or image on the button itself (the enabled look, not a disabled one). */
  image: string;
}

/**
 * Disabled buttons: a not-allowed cursor, and text readable against the button (contrast 4.5:1,
 * with the button's own and its ancestors' opacity and translucent backgrounds composed over the
 * page's darkest background).
 */
export async function disabledButtonProblems(page: Page): Promise<string[]> {
  const looks = await page.evaluate((): ButtonLook[] => {
    const base = getComputedStyle(document.documentElement).getPropertyValue('--bg-deep').trim() || '#05030f';
    const buttons = document.querySelectorAll<HTMLElement>(
      'button:disabled, .button[aria-disabled="true"], [role="button"][aria-disabled="true"]',
    );
    const found: ButtonLook[] = [];
    for (const button of buttons) {
      const r = button.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !button.textContent?.trim()) continue;
      // The background: the first ancestor-or-self colour that is not fully transparent.
      let background = base;
      for (let el: HTMLElement | null = button; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
          background = bg;
          break;
        }
      }
      let opacity = 1;
      for (let el: HTMLElement | null = button; el; el = el.parentElement) {
        opacity *= Number(getComputedStyle(el).opacity);
      }
      const style = getComputedStyle(button);
      found.push({
        label: button.textContent.trim().slice(0, 40),
        colour: style.color,
        background,
        ground: base,
        opacity,
        cursor: style.cursor,
        image: style.backgroundImage,
      });
    }
    return found;
  });
  const problems: string[] = [];
  for (const look of looks) {
    const ground = parseColour(look.ground);
    const background = over(parseColour(look.background), ground);
    const text = over(parseColour(look.colour), background);
    // The whole button fades over what lies beneath it.
    const ratio = contrast(mix(text, ground, look.opacity), mix(background, ground, look.opacity));
    if (look.cursor !== 'not-allowed') {
      problems.push(`disabled "${look.label}" has cursor ${look.cursor}, not not-allowed`);
    }
    if (look.image !== 'none') {
      problems.push(`disabled "${look.label}" keeps a background image (${look.image.slice(0, 30)}…)`);
    } else if (ratio < 4.5) {
      problems.push(`disabled "${look.label}" text contrast ${ratio.toFixed(2)}:1 is below 4.5:1`);
    }
  }
  return problems;
}

type Rgba = [number, number, number, number];

function parseColour(css: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(css);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const parts = /rgba?\(([^)]+)\)/
    .exec(css)?.[1]
    ?.split(/[ ,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3) throw new Error(`unreadable colour ${css}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

function mix(top: Rgba, bottom: Rgba, alpha: number): Rgba {
  return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)).concat(1) as Rgba;
}

const over = (top: Rgba, bottom: Rgba): Rgba => mix(top, bottom, top[3]);

function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Decorative stars whose box meets the header band (where they would show between its letters). */
export async function starsInHeaderBand(page: Page): Promise<number> {
  return page.evaluate(() => {
    const band = document.querySelector('.site-header')!.getBoundingClientRect();
    return [...document.querySelectorAll('.star')].filter((star) => {
      const r = star.getBoundingClientRect();
      return r.width > 0 && r.top < band.bottom && r.bottom > band.top;
    }).length;
  });
}
