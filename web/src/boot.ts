/**
 * The page's entry: a few hundred bytes that start the app (main.tsx) once the page has painted.
 *
 * A public page arrives prerendered with its full text (web/scripts/prerender.mjs): it is readable and
 * its links work before any JavaScript runs, so the app, its page chunk and the web fonts are fetched
 * only after that first paint instead of competing with it. The signed-in pages arrive as an empty
 * shell with nothing to paint, so the app starts at once there.
 *
 * The stylesheets are imported here, not in the app, so the build links them from the page's head and
 * the first paint is styled. The web fonts are the app's (main.tsx): until they arrive, the text uses
 * metric-matched local fallbacks (styles/font-fallbacks.css), so the swap moves nothing.
 */
import './styles/font-fallbacks.css';
import './styles/global.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/heroes.css';
import './styles/content.css';

/** The longest the app waits for the first paint to be reported before it starts anyway. */
const PAINT_WAIT_LIMIT_MS = 3_000;

/** Where the prerender names the page's own chunks (its route's lazy chunk and the chunks that imports). */
const PAGE_CHUNKS_META = 'starborn:page-chunks';

/** The page's own chunks, named in the head by the prerender (none on the shell). */
function pageChunks(): string[] {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_CHUNKS_META}"]`);
  return meta?.content.split(' ').filter(Boolean) ?? [];
}

/** Fetch the page's own chunks alongside the app, so hydration does not wait for a second round trip. */
function preloadPageChunks(chunks: string[]): void {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

// Before the app has taken over, a prerendered form is plain HTML: what a visitor types there is in the
// fields but not in the app's state, and a submission would be sent natively, as a page load with the
// fields in the URL. So until then the edited fields are noted and a submission is held; once the app
// runs, each edit is entered again as the app sees edits, then the held submission is sent. A button
// does nothing before the app runs (an accordion's question, a tab), so a click on one is held too and
// made again once the app runs; links need no app and keep working as plain links.
let appRunning = false;
const edited = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
const heldClicks: HTMLButtonElement[] = [];

const inApp = (node: EventTarget | null): boolean =>
  node instanceof Node && (document.getElementById('root')?.contains(node) ?? false);

const noteEdit = (event: Event) => {
  const field = event.target;
  if (appRunning || !inApp(field)) return;
  if (
    field instanceof HTMLInputElement ||
    field instanceof HTMLTextAreaElement ||
    field instanceof HTMLSelectElement
  )
    edited.add(field);
};
document.addEventListener('input', noteEdit, true);
document.addEventListener('change', noteEdit, true);
document.addEventListener(
  'click',
  (event) => {
    if (appRunning || !(event.target instanceof Element) || !inApp(event.target)) return;
    const button = event.target.closest('button');
    // A form's submit button submits it natively: that submission is held below.
    if (!button || (button.type === 'submit' && button.form)) return;
    // Not seen by React either (once the app has started it listens on the root, and may be hydrating
    // this part): the click is made once, when the app runs.
    event.preventDefault();
    event.stopPropagation();
    heldClicks.push(button);
  },
  true,
);
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target;
    if (appRunning || !(form instanceof HTMLFormElement) || !inApp(form)) return;
    event.preventDefault();
    held = { form, submitter: event.submitter };
  },
  true,
);

/**
 * Enters a field's edit again, as React sees edits (the prerendered pages have text fields and selects).
 * React knows a text field's value from when it hydrated it (the visitor's, by then) and calls
 * onChange only for an input event that changes it: the field is set back to the server's value with
 * an input event, then to the visitor's value with another. A select reports every change event; it is
 * set again after the first, in case the app's answer set it back.
 */
function replayEdit(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // The prototype's setter: React watches the field's own value property.
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  setValue.call(field, field.defaultValue);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

async function startApp(): Promise<void> {
  const chunks = pageChunks();
  preloadPageChunks(chunks);
  const { appShown, firstPageShown } = await import('./main');
  // The app hydrates as it loads, as a transition. The page's forms and buttons are the app's once its
  // shell has hydrated and, on a page with a chunk of its own, that page too; earlier edits, clicks and
  // a held submission are then replayed.
  await appShown;
  if (chunks.length) await firstPageShown;
  // Every value is read at once, before the app renders the form again (its answer to the first
  // replayed edit, say), which would set the fields it does not know yet back to its own values.
  const edits = [...edited]
    .filter((field) => field.isConnected)
    .map((field) => [field, field.value] as const);
  edited.clear();
  appRunning = true;
  for (const [field, value] of edits) replayEdit(field, value);
  for (const button of heldClicks.splice(0)) if (button.isConnected) button.click();
  if (held?.form.isConnected) held.form.requestSubmit(held.submitter);
  held = undefined;
}

/**
 * Runs `start` once the page's first contentful paint has been presented (as the Paint Timing API
 * reports it: an animation frame comes well before the frame reaches the screen), or at once when the
 * tab is hidden, where nothing paints until it is shown.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    document.removeEventListener('visibilitychange', onHidden);
    // A task later, so the browser finishes the frame before the app's work begins.
    setTimeout(start, 0);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  if (document.visibilityState === 'hidden') return once();
  document.addEventListener('visibilitychange', onHidden);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(once);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A browser that supports paint entries but never reports this one (an embedded web view that does
  // not present frames) still gets the app, a moment later.
  setTimeout(() => {
    observer.disconnect();
    once();
  }, PAINT_WAIT_LIMIT_MS);
}

// A page without prerendered markup (the shell of the signed-in pages) has nothing to paint first.
const prerendered = document.getElementById('root')?.hasChildNodes() ?? false;
if (prerendered) afterFirstPaint(() => void startApp());
else void startApp();
