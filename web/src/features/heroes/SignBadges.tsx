/** The Western and Chinese signs with their elements, as badges (hero page and shared hero page). */
export function SignBadges({
  western,
  chinese,
}: {
  western: { sign?: string; element?: string };
  chinese: { sign?: string; element?: string };
}) {
  return (
    <ul className="sign-badges" aria-label="Zodiac signs">
      {western.sign && <li className="sign-badge sign-badge--western">{western.sign}</li>}
      {western.element && <li className="sign-badge sign-badge--element">{western.element}</li>}
      {chinese.sign && <li className="sign-badge sign-badge--chinese">{chinese.sign}</li>}
      {chinese.element && <li className="sign-badge sign-badge--element">{chinese.element}</li>}
    </ul>
  );
}
