import { CreateHeroes1763800000000 } from './1763800000000-create-heroes.js';
import { CreateShareLinks1764000000000 } from './1764000000000-create-share-links.js';
import { AddArtVersions1764200000000 } from './1764200000000-add-art-versions.js';

/** In order of application. */
export const heroesMigrations = [
  CreateHeroes1763800000000,
  CreateShareLinks1764000000000,
  AddArtVersions1764200000000,
];
