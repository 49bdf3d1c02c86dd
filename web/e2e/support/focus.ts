import type { Locator, Page } from '@playwright/test';

/**
 * Keyboard focus checks: Tab through a screen and tell which focused controls show no visible focus
 * indicator, and measure the ring of a focused control against the colours around it.
 */

/** What the page looks like around one element: the computed properties a focus indicator changes. */
interface Look {
  outline: string;
  boxShadow: string;
  borderColor: string;
  background: string;
  color: string;
  textDecoration: string;
}

interface TabStop {
  label: string;
  focused: Look;
  unfocused?: Look;
}

/**
 * Presses Tab up to `limit` times and answers the focused controls whose look does not change when
 * they take the focus (no outline, ring, border, background, colour or underline of their own), each
 * named. Tabbing stops when the focus comes back to where it started or leaves the document.
 */
export async function controlsWithoutVisibleFocus(page: Page, limit = 60): Promise<string[]> {
  await page.evaluate(() => {
    const win = window as unknown as { __tabStops: unknown[]; __lastFocused: Element | null };
    win.__tabStops = [];
    win.__lastFocused = null;
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const seen = new Set<string>();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    // Transitions (a hundredth of a millisecond with reduced motion) still report their starting
    // value until they run: finish them, so each look is the one that shows.
    await page.evaluate(finishTransitions);
    const key = await page.evaluate(recordStop);
    if (key === null || seen.has(key)) break;
    seen.add(key);
  }
  // The last control's own look without the focus.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(finishTransitions);
  const stops = await page.evaluate(() => {
    const win = window as unknown as {
      __tabStops: { label: string; focused: unknown; unfocused?: unknown; el: Element }[];
      __look: (el: Element) => unknown;
    };
    for (const stop of win.__tabStops) stop.unfocused ??= win.__look(stop.el);
    return win.__tabStops.map(({ label, focused, unfocused }) => ({ label, focused, unfocused }));
  });
  return (stops as TabStop[]).filter((stop) => !changesVisibly(stop)).map((stop) => stop.label);
}

/** In the page: every running transition or animation jumps to its end. */
function finishTransitions(): void {
  for (const animation of document.getAnimations()) {
    try {
      animation.finish();
    } catch {
      // An endless animation cannot finish; it is decoration, not a focus indicator.
    }
  }
}

/**
 * In the page: records the newly focused element's look, and the previous one's look now that it has
 * lost the focus. Answers a key for the focused element, or null when nothing in the page has it.
 */
function recordStop(): string | null {
  const win = window as unknown as {
    __tabStops: { label: string; focused: unknown; unfocused?: unknown; el: Element }[];
    __lastFocused: Element | null;
    __look: (el: Element) => unknown;
  };
  win.__look = (el: Element) => {
    const s = getComputedStyle(el);
    return {
      outline:
        s.outlineStyle === 'none' || s.outlineWidth === '0px'
          ? 'none'
          : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
      boxShadow: s.boxShadow,
      borderColor: `${s.borderTopColor} ${s.borderRightColor} ${s.borderBottomColor} ${s.borderLeftColor}`,
      background: `${s.backgroundColor} ${s.backgroundImage}`,
      color: s.color,
      textDecoration: s.textDecorationLine,
    };
  };
  const previous = win.__lastFocused;
  if (previous) {
    const stop = win.__tabStops.find((s) => s.el === previous);
    if (stop) stop.unfocused = win.__look(previous);
  }
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  win.__lastFocused = el;
  if (!win.__tabStops.some((s) => s.el === el)) {
    const name =
      el.getAttribute('aria-label') ||
      (el as HTMLElement).innerText?.trim().slice(0, 40) ||
      el.getAttribute('name') ||
      el.id;
    win.__tabStops.push({
      label: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`,
      focused: win.__look(el),
      el,
    });
  }
  const all = [...document.querySelectorAll('*')];
  return String(all.indexOf(el));
}

const transparent = (color: string) => /rgba\([^)]*,\s*0\)$/.test(color) || color === 'transparent';

/** True when the focus shows: a visible outline, or a ring, border, fill, colour or underline of its own. */
function changesVisibly({ focused, unfocused }: TabStop): boolean {
  if (!unfocused) return true;
  if (focused.outline !== 'none' && !transparent(focused.outline.split(' ').slice(2).join(' '))) return true;
  return (
    (focused.boxShadow !== unfocused.boxShadow && focused.boxShadow !== 'none') ||
    focused.borderColor !== unfocused.borderColor ||
    focused.background !== unfocused.background ||
    focused.color !== unfocused.color ||
    focused.textDecoration !== unfocused.textDecoration
  );
}

/** An sRGB colour as [r, g, b, a] (0–255, alpha 0–1). */
type Rgba = [number, number, number, number];

export function parseColor(text: string): Rgba {
  const match = /rgba?\(([^)]+)\)/.exec(text);
  if (!match) throw new Error(`not a colour: ${text}`);
  const [r, g, b, a = '1'] = match[1]!.split(',').map((part) => part.trim());
  return [Number(r), Number(g), Number(b), Number(a)];
}

/** `top` drawn over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

const luminance = ([r, g, b]: Rgba) => {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

/** WCAG contrast ratio of two opaque colours. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The focus ring of a focused control, from the control's edge outward, and the colours it sits between. */
export interface FocusRing {
  /** Each ring layer's colour (box-shadow spreads, then the outline), innermost first. */
  layers: string[];
  /** The colours of the control's own fill (a gradient's stops, or its background colour). */
  fills: string[];
}

/** Reads the ring of the element (which must have the focus). */
export async function focusRing(control: Locator): Promise<FocusRing> {
  return control.evaluate((el) => {
    const s = getComputedStyle(el);
    const layers: string[] = [];
    // "rgba(…) 0px 0px 0px 3px" layers without blur: a solid ring; sorted by their spread.
    const shadows = s.boxShadow === 'none' ? [] : s.boxShadow.split(/,(?![^(]*\))/).map((x) => x.trim());
    const rings = shadows
      .map((shadow) => {
        const color = /rgba?\([^)]+\)/.exec(shadow)?.[0] ?? '';
        const lengths = shadow.replace(color, '').trim().split(/\s+/).map(parseFloat);
        const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
        return { color, x, y, blur, spread, inset: shadow.includes('inset') };
      })
      .filter((r) => !r.inset && r.x === 0 && r.y === 0 && r.blur === 0 && r.spread > 0)
      .sort((a, b) => a.spread - b.spread);
    layers.push(...rings.map((r) => r.color));
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) layers.push(s.outlineColor);
    const stops = s.backgroundImage.match(/rgba?\([^)]+\)/g) ?? [];
    return { layers, fills: stops.length > 0 ? stops : [s.backgroundColor] };
  });
}
