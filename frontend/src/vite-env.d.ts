/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string;
}

/** The year the frontend was built in (vite.config.ts): the pre-rendered frames' copyright year. */
declare const __BUILD_YEAR__: number;
