import { type ComponentType, createElement, useSyncExternalStore } from 'react';

/**
 * The email banner's chunk (decision 0024), loaded only for an account awaiting confirmation and
 * then rendered like any component. Not `React.lazy`: a lazy component suspends on its first render
 * even when its chunk is already here, and a boundary that showed its fallback reveals its content
 * up to 300 ms later. The route guard (app/require-session.tsx) holds the signed-in screen until
 * the banner is here, so the screen and the banner appear together and nothing is pushed down
 * after the first paint (CLS budget, DESIGN.md section 10).
 */
let banner: ComponentType | null = null;
/** The chunk could not be loaded (offline and not cached): the screen goes on without the banner. */
let failed = false;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Starts (once) loading the banner's chunk; app.tsx calls it beside the session check when the stored user awaits confirmation. */
export function loadEmailBanner(): Promise<void> {
  loading ??= import('./components/email-banner')
    .then(
      (m) => void (banner = m.default),
      () => void (failed = true),
    )
    .finally(() => {
      for (const listener of listeners) listener();
    });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True once loading the banner's chunk has ended, loaded or failed. */
export function useEmailBannerSettled(): boolean {
  return useSyncExternalStore(subscribe, () => banner !== null || failed, () => false);
}

/** The banner, once its chunk is here (it renders nothing for a confirmed account). */
export function EmailBannerSlot() {
  return useEmailBannerSettled() && banner ? createElement(banner) : null;
}
