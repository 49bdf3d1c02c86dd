export interface ViteManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export interface LandingChunk {
  key: string;
  file: string;
  bytes: number;
  gzip: number;
}

export interface LandingMeasure {
  chunks: LandingChunk[];
  gzipTotal: number;
  bytesTotal: number;
  budget: number;
  withinBudget: boolean;
  signedIn: SignedInOnLanding[];
}

export const LANDING_JS_BUDGET_BYTES: number;
export const APP_MODULE: string;
export const LANDING_SCREEN: string;
export const SIGNED_IN_SCREENS: string[];
export function readManifest(distDir: string): ViteManifest;
export function entryKey(manifest: ViteManifest): string;
export function landingChunkKeys(manifest: ViteManifest, landingScreen?: string): string[];
export interface SignedInOnLanding {
  screen: string;
  /** The screen's chunk, or null when it is not a chunk of its own. */
  file: string | null;
  why: string;
}
export function signedInScreensAmong(
  manifest: ViteManifest,
  keys: string[],
  screens?: string[],
): SignedInOnLanding[];
export function gzipBytes(buffer: Uint8Array): number;
export function measureLanding(distDir: string): LandingMeasure;
