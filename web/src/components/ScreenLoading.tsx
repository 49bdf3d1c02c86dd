/** What a screen shows while its chunk loads: the signed-in screens' line, and the content pages' spinner. */

export function ScreenLoading() {
  return (
    <p className="hero-screen-loading" role="status">
      Loading…
    </p>
  );
}

export function ContentLoading() {
  return (
    <div className="content-loading" role="status">
      <span className="content-loading__spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
