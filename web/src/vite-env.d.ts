/// <reference types="vite/client" />

/** The year of the build (vite.config.ts): the year the prerendered pages show. */
declare const __BUILD_YEAR__: number;
