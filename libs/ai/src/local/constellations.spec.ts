import { CONSTELLATIONS, constellationFor, projectConstellation } from './constellations.js';

const SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
];

describe('zodiac constellations', () => {
  it('covers the twelve signs in zodiac order', () => {
    expect(CONSTELLATIONS.map((c) => c.sign)).toEqual(SIGNS);
  });

  it.each(SIGNS)(
    '%s has at least 3 stars, unique ids, plausible coordinates and lines between known stars',
    (sign) => {
      const c = constellationFor(sign);
      expect(c.stars.length).toBeGreaterThanOrEqual(3);
      const ids = c.stars.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of c.stars) {
        expect(s.ra).toBeGreaterThanOrEqual(0);
        expect(s.ra).toBeLessThan(24);
        // The zodiac constellations lie near the ecliptic.
        expect(Math.abs(s.dec)).toBeLessThan(45);
        expect(s.mag).toBeLessThan(6);
      }
      expect(c.lines.length).toBeGreaterThanOrEqual(2);
      const connected = new Set<string>();
      for (const [a, b] of c.lines) {
        expect(ids).toContain(a);
        expect(ids).toContain(b);
        expect(a).not.toBe(b);
        connected.add(a).add(b);
      }
      // Nearly every star belongs to the stick figure (Taurus keeps the Pleiades apart).
      expect(connected.size).toBeGreaterThanOrEqual(c.stars.length - 1);
    },
  );

  it.each(SIGNS)('%s projects into the unit square with valid line indices', (sign) => {
    const p = projectConstellation(constellationFor(sign));
    for (const s of p.stars) {
      expect(Math.abs(s.x)).toBeLessThanOrEqual(1.0001);
      expect(Math.abs(s.y)).toBeLessThanOrEqual(1.0001);
    }
    expect(Math.max(p.halfWidth, p.halfHeight)).toBeCloseTo(1, 5);
    for (const [a, b] of p.lines) {
      expect(p.stars[a]).toBeDefined();
      expect(p.stars[b]).toBeDefined();
    }
  });

  it('uses real positions: known bright stars where astronomers put them', () => {
    const star = (sign: string, id: string) => constellationFor(sign).stars.find((s) => s.id === id)!;
    expect(star('Taurus', 'aldebaran').ra).toBeCloseTo(4.6, 1);
    expect(star('Scorpio', 'antares').dec).toBeCloseTo(-26.4, 0);
    expect(star('Leo', 'regulus').ra).toBeCloseTo(10.14, 1);
    expect(star('Virgo', 'spica').dec).toBeCloseTo(-11.2, 0);
    // Sky view: east (larger RA) is on the left, so Denebola is left of Regulus; north is up.
    const leo = projectConstellation(constellationFor('Leo'));
    const ids = constellationFor('Leo').stars.map((s) => s.id);
    const at = (id: string) => leo.stars[ids.indexOf(id)]!;
    expect(at('denebola').x).toBeLessThan(at('regulus').x);
    expect(at('rasalas').y).toBeLessThan(at('regulus').y);
  });

  it('keeps Pisces together across 0h right ascension', () => {
    const p = projectConstellation(constellationFor('Pisces'));
    expect(p.halfWidth).toBeLessThanOrEqual(1);
    // The figure spans ~40° of sky; a wrap bug would stretch it across the whole circle and squash it.
    expect(p.halfHeight).toBeGreaterThan(0.3);
  });

  it('rejects unknown signs', () => {
    expect(() => constellationFor('Ophiuchus')).toThrow(RangeError);
  });
});
