/**
 * The twelve zodiac constellations as real star patterns: the main stars with approximate J2000
 * right ascension (hours) and declination (degrees), apparent magnitude, and the stick-figure lines
 * between them. `projectConstellation` turns them into a flat figure for drawing.
 */

export interface ConstellationStar {
  /** Short id used by `lines`, e.g. 'alpha' or 'hamal'. */
  readonly id: string;
  /** Proper name or Bayer designation. */
  readonly name: string;
  /** Right ascension in hours (0–24). */
  readonly ra: number;
  /** Declination in degrees. */
  readonly dec: number;
  /** Apparent visual magnitude (smaller is brighter). */
  readonly mag: number;
}

export interface Constellation {
  /** Western sign name, e.g. 'Aries'. */
  readonly sign: string;
  /** Latin constellation name, e.g. 'Aries', 'Scorpius', 'Capricornus'. */
  readonly latin: string;
  /** The figure, e.g. 'the Ram'. */
  readonly figure: string;
  readonly stars: readonly ConstellationStar[];
  /** Pairs of star ids. */
  readonly lines: readonly (readonly [string, string])[];
}

/** Hours + minutes → decimal hours. */
const h = (hours: number, minutes: number) => hours + minutes / 60;

const s = (id: string, name: string, ra: number, dec: number, mag: number): ConstellationStar => ({
  id,
  name,
  ra,
  dec,
  mag,
});

/** 'a-b-c' → [a,b],[b,c]; several chains separated by spaces. */
function chains(spec: string): [string, string][] {
  const out: [string, string][] = [];
  for (const chain of spec.trim().split(/\s+/)) {
    const ids = chain.split('-');
    for (let i = 1; i < ids.length; i++) out.push([ids[i - 1]!, ids[i]!]);
  }
  return out;
}

export const CONSTELLATIONS: readonly Constellation[] = Object.freeze([
  {
    sign: 'Aries',
    latin: 'Aries',
    figure: 'the Ram',
    stars: [
      s('hamal', 'Hamal (α Ari)', h(2, 7.2), 23.46, 2.0),
      s('sheratan', 'Sheratan (β Ari)', h(1, 54.6), 20.81, 2.64),
      s('mesarthim', 'Mesarthim (γ Ari)', h(1, 53.5), 19.29, 3.86),
      s('41ari', 'Bharani (41 Ari)', h(2, 50.0), 27.26, 3.63),
    ],
    lines: chains('41ari-hamal-sheratan-mesarthim'),
  },
  {
    sign: 'Taurus',
    latin: 'Taurus',
    figure: 'the Bull',
    stars: [
      s('aldebaran', 'Aldebaran (α Tau)', h(4, 35.9), 16.51, 0.85),
      s('elnath', 'Elnath (β Tau)', h(5, 26.3), 28.61, 1.65),
      s('zeta', 'Tianguan (ζ Tau)', h(5, 37.6), 21.14, 3.0),
      s('gamma', 'Prima Hyadum (γ Tau)', h(4, 19.8), 15.63, 3.65),
      s('delta', 'Secunda Hyadum (δ Tau)', h(4, 22.9), 17.54, 3.76),
      s('epsilon', 'Ain (ε Tau)', h(4, 28.6), 19.18, 3.53),
      s('lambda', 'λ Tau', h(4, 0.7), 12.49, 3.47),
      s('omicron', 'ο Tau', h(3, 24.8), 9.03, 3.6),
      s('xi', 'ξ Tau', h(3, 27.2), 9.73, 3.7),
      s('alcyone', 'Alcyone (Pleiades)', h(3, 47.5), 24.11, 2.87),
    ],
    lines: chains('elnath-epsilon-delta-gamma-aldebaran-zeta gamma-lambda-xi-omicron'),
  },
  {
    sign: 'Gemini',
    latin: 'Gemini',
    figure: 'the Twins',
    stars: [
      s('castor', 'Castor (α Gem)', h(7, 34.6), 31.89, 1.58),
      s('pollux', 'Pollux (β Gem)', h(7, 45.3), 28.03, 1.14),
      s('alhena', 'Alhena (γ Gem)', h(6, 37.7), 16.4, 1.92),
      s('mebsuta', 'Mebsuta (ε Gem)', h(6, 43.9), 25.13, 2.98),
      s('tejat', 'Tejat (μ Gem)', h(6, 23.0), 22.51, 2.87),
      s('propus', 'Propus (η Gem)', h(6, 14.9), 22.51, 3.28),
      s('wasat', 'Wasat (δ Gem)', h(7, 20.1), 21.98, 3.53),
      s('mekbuda', 'Mekbuda (ζ Gem)', h(7, 4.1), 20.57, 3.9),
      s('tau', 'τ Gem', h(7, 11.1), 30.25, 4.41),
      s('iota', 'ι Gem', h(7, 25.7), 27.8, 3.78),
      s('upsilon', 'υ Gem', h(7, 35.9), 26.9, 4.06),
      s('theta', 'θ Gem', h(6, 52.8), 33.96, 3.6),
      s('lambda', 'λ Gem', h(7, 18.1), 16.54, 3.58),
      s('xi', 'Alzirr (ξ Gem)', h(6, 45.3), 12.9, 3.35),
    ],
    lines: chains(
      'castor-tau-mebsuta-tejat-propus tau-theta pollux-upsilon-iota-tau upsilon-wasat-mekbuda-alhena wasat-lambda mebsuta-xi',
    ),
  },
  {
    sign: 'Cancer',
    latin: 'Cancer',
    figure: 'the Crab',
    stars: [
      s('acubens', 'Acubens (α Cnc)', h(8, 58.5), 11.86, 4.25),
      s('tarf', 'Tarf (β Cnc)', h(8, 16.5), 9.19, 3.52),
      s('asellus_australis', 'Asellus Australis (δ Cnc)', h(8, 44.7), 18.15, 3.94),
      s('asellus_borealis', 'Asellus Borealis (γ Cnc)', h(8, 43.3), 21.47, 4.66),
      s('iota', 'ι Cnc', h(8, 46.7), 28.76, 4.02),
    ],
    lines: chains('tarf-asellus_australis-acubens asellus_australis-asellus_borealis-iota'),
  },
  {
    sign: 'Leo',
    latin: 'Leo',
    figure: 'the Lion',
    stars: [
      s('regulus', 'Regulus (α Leo)', h(10, 8.4), 11.97, 1.35),
      s('denebola', 'Denebola (β Leo)', h(11, 49.1), 14.57, 2.13),
      s('algieba', 'Algieba (γ Leo)', h(10, 20.0), 19.84, 2.08),
      s('zosma', 'Zosma (δ Leo)', h(11, 14.1), 20.52, 2.56),
      s('chertan', 'Chertan (θ Leo)', h(11, 14.2), 15.43, 3.33),
      s('eta', 'η Leo', h(10, 7.3), 16.76, 3.48),
      s('adhafera', 'Adhafera (ζ Leo)', h(10, 16.7), 23.42, 3.44),
      s('rasalas', 'Rasalas (μ Leo)', h(9, 52.8), 26.01, 3.88),
      s('epsilon', 'Algenubi (ε Leo)', h(9, 45.9), 23.77, 2.98),
    ],
    lines: chains(
      'regulus-eta-algieba-adhafera-rasalas-epsilon algieba-zosma-denebola-chertan-regulus chertan-zosma',
    ),
  },
  {
    sign: 'Virgo',
    latin: 'Virgo',
    figure: 'the Maiden',
    stars: [
      s('spica', 'Spica (α Vir)', h(13, 25.2), -11.16, 0.97),
      s('zavijava', 'Zavijava (β Vir)', h(11, 50.7), 1.76, 3.61),
      s('porrima', 'Porrima (γ Vir)', h(12, 41.7), -1.45, 2.74),
      s('auva', 'Auva (δ Vir)', h(12, 55.6), 3.4, 3.38),
      s('vindemiatrix', 'Vindemiatrix (ε Vir)', h(13, 2.2), 10.96, 2.83),
      s('heze', 'Heze (ζ Vir)', h(13, 34.7), -0.6, 3.37),
      s('zaniah', 'Zaniah (η Vir)', h(12, 19.9), -0.67, 3.89),
      s('theta', 'θ Vir', h(13, 9.9), -5.54, 4.38),
      s('tau', 'τ Vir', h(14, 1.6), 1.54, 4.26),
      s('109', '109 Vir', h(14, 46.3), 1.89, 3.72),
      s('iota', 'Syrma (ι Vir)', h(14, 16.0), -6.0, 4.08),
      s('mu', 'Rijl al Awwa (μ Vir)', h(14, 43.1), -5.66, 3.87),
    ],
    lines: chains(
      'zavijava-zaniah-porrima-auva-vindemiatrix porrima-theta-spica auva-heze-tau-109 spica-iota-mu heze-spica',
    ),
  },
  {
    sign: 'Libra',
    latin: 'Libra',
    figure: 'the Scales',
    stars: [
      s('zubenelgenubi', 'Zubenelgenubi (α Lib)', h(14, 50.9), -16.04, 2.75),
      s('zubeneschamali', 'Zubeneschamali (β Lib)', h(15, 17.0), -9.38, 2.61),
      s('zubenelakrab', 'Zubenelakrab (γ Lib)', h(15, 35.5), -14.79, 3.91),
      s('brachium', 'Brachium (σ Lib)', h(15, 4.1), -25.28, 3.29),
      s('upsilon', 'υ Lib', h(15, 37.0), -28.14, 3.58),
      s('tau', 'τ Lib', h(15, 38.7), -29.78, 3.66),
    ],
    lines: chains(
      'zubenelgenubi-zubeneschamali-zubenelakrab-zubenelgenubi-brachium zubenelakrab-upsilon-tau',
    ),
  },
  {
    sign: 'Scorpio',
    latin: 'Scorpius',
    figure: 'the Scorpion',
    stars: [
      s('antares', 'Antares (α Sco)', h(16, 29.4), -26.43, 1.06),
      s('acrab', 'Acrab (β Sco)', h(16, 5.4), -19.81, 2.62),
      s('dschubba', 'Dschubba (δ Sco)', h(16, 0.3), -22.62, 2.29),
      s('pi', 'Fang (π Sco)', h(15, 58.9), -26.11, 2.89),
      s('rho', 'ρ Sco', h(15, 56.9), -29.21, 3.87),
      s('sigma', 'Alniyat (σ Sco)', h(16, 21.2), -25.59, 2.89),
      s('tau', 'Paikauhale (τ Sco)', h(16, 35.9), -28.22, 2.82),
      s('epsilon', 'Larawag (ε Sco)', h(16, 50.2), -34.29, 2.29),
      s('mu', 'Xamidimura (μ Sco)', h(16, 51.9), -38.05, 3.0),
      s('zeta', 'ζ Sco', h(16, 54.6), -42.36, 3.62),
      s('eta', 'η Sco', h(17, 12.1), -43.24, 3.33),
      s('sargas', 'Sargas (θ Sco)', h(17, 37.3), -43.0, 1.86),
      s('iota', 'ι Sco', h(17, 47.6), -40.13, 2.99),
      s('kappa', 'Girtab (κ Sco)', h(17, 42.5), -39.03, 2.39),
      s('shaula', 'Shaula (λ Sco)', h(17, 33.6), -37.1, 1.62),
      s('lesath', 'Lesath (υ Sco)', h(17, 30.8), -37.3, 2.7),
    ],
    lines: chains(
      'acrab-dschubba-pi-rho dschubba-sigma-antares-tau-epsilon-mu-zeta-eta-sargas-iota-kappa-shaula-lesath',
    ),
  },
  {
    sign: 'Sagittarius',
    latin: 'Sagittarius',
    figure: 'the Archer',
    stars: [
      s('kaus_australis', 'Kaus Australis (ε Sgr)', h(18, 24.2), -34.38, 1.85),
      s('nunki', 'Nunki (σ Sgr)', h(18, 55.3), -26.3, 2.05),
      s('ascella', 'Ascella (ζ Sgr)', h(19, 2.6), -29.88, 2.6),
      s('kaus_media', 'Kaus Media (δ Sgr)', h(18, 21.0), -29.83, 2.7),
      s('kaus_borealis', 'Kaus Borealis (λ Sgr)', h(18, 28.0), -25.42, 2.81),
      s('alnasl', 'Alnasl (γ Sgr)', h(18, 5.8), -30.42, 2.98),
      s('phi', 'φ Sgr', h(18, 45.7), -26.99, 3.17),
      s('tau', 'τ Sgr', h(19, 6.9), -27.67, 3.32),
      s('eta', 'η Sgr', h(18, 17.6), -36.76, 3.11),
      s('mu', 'Polis (μ Sgr)', h(18, 13.8), -21.06, 3.86),
    ],
    lines: chains(
      'alnasl-kaus_media-kaus_australis-alnasl kaus_media-phi-ascella-kaus_australis kaus_media-kaus_borealis-phi-nunki-tau-ascella kaus_borealis-mu kaus_australis-eta',
    ),
  },
  {
    sign: 'Capricorn',
    latin: 'Capricornus',
    figure: 'the Sea-Goat',
    stars: [
      s('algedi', 'Algedi (α Cap)', h(20, 18.1), -12.54, 3.57),
      s('dabih', 'Dabih (β Cap)', h(20, 21.0), -14.78, 3.08),
      s('psi', 'ψ Cap', h(20, 46.1), -25.27, 4.14),
      s('omega', 'ω Cap', h(20, 51.8), -26.92, 4.11),
      s('zeta', 'ζ Cap', h(21, 26.7), -22.41, 3.74),
      s('epsilon', 'Castra (ε Cap)', h(21, 37.1), -19.47, 4.62),
      s('deneb_algedi', 'Deneb Algedi (δ Cap)', h(21, 47.0), -16.13, 2.81),
      s('nashira', 'Nashira (γ Cap)', h(21, 40.1), -16.66, 3.67),
      s('iota', 'ι Cap', h(21, 22.2), -16.83, 4.28),
      s('theta', 'θ Cap', h(21, 5.9), -17.23, 4.07),
    ],
    lines: chains('algedi-dabih-psi-omega-zeta-epsilon-deneb_algedi-nashira-iota-theta-dabih'),
  },
  {
    sign: 'Aquarius',
    latin: 'Aquarius',
    figure: 'the Water-Bearer',
    stars: [
      s('sadalsuud', 'Sadalsuud (β Aqr)', h(21, 31.6), -5.57, 2.87),
      s('sadalmelik', 'Sadalmelik (α Aqr)', h(22, 5.8), -0.32, 2.94),
      s('skat', 'Skat (δ Aqr)', h(22, 54.7), -15.82, 3.27),
      s('sadachbia', 'Sadachbia (γ Aqr)', h(22, 21.7), -1.39, 3.84),
      s('zeta', 'ζ Aqr', h(22, 28.8), -0.02, 3.65),
      s('eta', 'η Aqr', h(22, 35.4), -0.12, 4.02),
      s('pi', 'π Aqr', h(22, 25.3), 1.38, 4.66),
      s('albali', 'Albali (ε Aqr)', h(20, 47.7), -9.5, 3.77),
      s('theta', 'Ancha (θ Aqr)', h(22, 16.8), -7.78, 4.16),
      s('lambda', 'λ Aqr', h(22, 52.6), -7.58, 3.74),
      s('tau', 'τ Aqr', h(22, 49.6), -13.59, 4.01),
      s('phi', 'φ Aqr', h(23, 14.3), -6.05, 4.22),
      s('psi', 'ψ1 Aqr', h(23, 15.9), -9.09, 4.21),
      s('88', '88 Aqr', h(23, 9.4), -21.17, 3.66),
    ],
    lines: chains(
      'albali-sadalsuud-sadalmelik-sadachbia-zeta-eta zeta-pi sadalmelik-theta-lambda-tau-skat lambda-phi-psi-88',
    ),
  },
  {
    sign: 'Pisces',
    latin: 'Pisces',
    figure: 'the Fish',
    stars: [
      s('gamma', 'γ Psc', h(23, 17.2), 3.28, 3.69),
      s('kappa', 'κ Psc', h(23, 27.0), 1.26, 4.94),
      s('lambda', 'λ Psc', h(23, 42.0), 1.78, 4.49),
      s('iota', 'ι Psc', h(23, 39.9), 5.63, 4.13),
      s('theta', 'θ Psc', h(23, 28.0), 6.38, 4.27),
      s('omega', 'ω Psc', h(23, 59.3), 6.86, 4.03),
      s('delta', 'δ Psc', h(0, 48.7), 7.59, 4.43),
      s('epsilon', 'ε Psc', h(1, 2.9), 7.89, 4.28),
      s('mu', 'μ Psc', h(1, 30.2), 6.14, 4.84),
      s('nu', 'ν Psc', h(1, 41.4), 5.49, 4.44),
      s('alrescha', 'Alrescha (α Psc)', h(2, 2.0), 2.76, 3.82),
      s('omicron', 'ο Psc', h(1, 45.4), 9.16, 4.26),
      s('eta', 'Alpherg (η Psc)', h(1, 31.5), 15.35, 3.62),
      s('chi', 'χ Psc', h(1, 11.5), 21.03, 4.66),
      s('phi', 'φ Psc', h(1, 13.7), 24.58, 4.65),
      s('upsilon', 'υ Psc', h(1, 19.5), 27.26, 4.76),
      s('tau', 'τ Psc', h(1, 11.7), 30.09, 4.51),
    ],
    lines: chains(
      'gamma-kappa-lambda-iota-theta-gamma iota-omega-delta-epsilon-mu-nu-alrescha-omicron-eta-chi-phi-upsilon-tau-phi',
    ),
  },
] satisfies Constellation[]);

export function constellationFor(sign: string): Constellation {
  const key = sign.trim().toLowerCase();
  const found = CONSTELLATIONS.find((c) => c.sign.toLowerCase() === key || c.latin.toLowerCase() === key);
  if (!found) throw new RangeError(`Unknown Western sign: ${sign}`);
  return found;
}

export interface ProjectedStar {
  readonly id: string;
  /** Normalised position: the figure fits in [-1, 1] on its longer axis, centred on 0; y grows downwards. */
  readonly x: number;
  readonly y: number;
  readonly mag: number;
}

export interface ProjectedConstellation {
  readonly stars: readonly ProjectedStar[];
  /** Index pairs into `stars`. */
  readonly lines: readonly (readonly [number, number])[];
  /** Half extents of the figure in normalised units (the larger one is 1). */
  readonly halfWidth: number;
  readonly halfHeight: number;
}

/**
 * Gnomonic (tangent-plane) projection around the figure's centre, as seen looking up at the sky:
 * north up, east to the left. The result is centred and scaled so the longer half-extent is 1.
 */
export function projectConstellation(c: Constellation): ProjectedConstellation {
  const deg = Math.PI / 180;
  // Unwrap right ascension around the first star so figures crossing 0h (Pisces) stay together.
  const ra0 = c.stars[0]!.ra;
  const unwrapped = c.stars.map((st) => {
    let d = st.ra - ra0;
    if (d > 12) d -= 24;
    if (d < -12) d += 24;
    return { ...st, ra: ra0 + d };
  });
  const raC = (Math.min(...unwrapped.map((x) => x.ra)) + Math.max(...unwrapped.map((x) => x.ra))) / 2;
  const decC = (Math.min(...unwrapped.map((x) => x.dec)) + Math.max(...unwrapped.map((x) => x.dec))) / 2;
  const a0 = raC * 15 * deg;
  const d0 = decC * deg;
  const raw = unwrapped.map((st) => {
    const a = st.ra * 15 * deg;
    const d = st.dec * deg;
    const cosc = Math.sin(d0) * Math.sin(d) + Math.cos(d0) * Math.cos(d) * Math.cos(a - a0);
    const xi = (Math.cos(d) * Math.sin(a - a0)) / cosc;
    const eta = (Math.cos(d0) * Math.sin(d) - Math.sin(d0) * Math.cos(d) * Math.cos(a - a0)) / cosc;
    return { id: st.id, x: -xi, y: -eta, mag: st.mag };
  });
  const minX = Math.min(...raw.map((p) => p.x));
  const maxX = Math.max(...raw.map((p) => p.x));
  const minY = Math.min(...raw.map((p) => p.y));
  const maxY = Math.max(...raw.map((p) => p.y));
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const half = Math.max(maxX - minX, maxY - minY) / 2 || 1;
  const stars = raw.map((p) => ({ id: p.id, x: (p.x - cx) / half, y: (p.y - cy) / half, mag: p.mag }));
  const index = new Map(stars.map((p, i) => [p.id, i]));
  const lines = c.lines.map(([a, b]) => {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined)
      throw new Error(`${c.sign}: line ${a}-${b} names an unknown star`);
    return [ia, ib] as const;
  });
  return { stars, lines, halfWidth: (maxX - minX) / 2 / half, halfHeight: (maxY - minY) / 2 / half };
}
