/**
 * The hero's look: weapon, headgear, cloak and build, seeded by the hero id. The backstory names the
 * weapon and the pictures draw it (art/character.ts builds the whole person on this look).
 */
import type { Rng } from '../prng.js';

export type Weapon = 'sword' | 'staff' | 'spear' | 'bow';
export type Headgear = 'hood' | 'helm' | 'crown' | 'long hair' | 'horned helm' | 'topknot';

/** What stays the same about a hero across its three images. */
export interface HeroLook {
  weapon: Weapon;
  headgear: Headgear;
  /** Staff or sword finial / decoration. */
  finial: 'orb' | 'crescent' | 'crystal';
  cloakLength: number;
  cloakWidth: number;
  tatters: number;
  /** Relative body proportions. */
  shoulders: number;
  bulk: number;
  height: number;
  pauldrons: boolean;
  scarf: boolean;
}

export function rollLook(rng: Rng): HeroLook {
  return {
    weapon: rng.weighted<Weapon>(['sword', 'staff', 'spear', 'bow'], [3, 3, 2, 2]),
    headgear: rng.pick<Headgear>(['hood', 'helm', 'crown', 'long hair', 'horned helm', 'topknot']),
    finial: rng.pick(['orb', 'crescent', 'crystal'] as const),
    cloakLength: rng.range(0.72, 0.98),
    cloakWidth: rng.range(0.85, 1.25),
    tatters: rng.int(3, 7),
    shoulders: rng.range(0.88, 1.14),
    bulk: rng.range(0.88, 1.15),
    height: rng.range(0.94, 1.04),
    pauldrons: rng.chance(0.5),
    scarf: rng.chance(0.4),
  };
}
