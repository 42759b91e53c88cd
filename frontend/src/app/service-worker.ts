import { toast } from '@/components/ui/use-toast';

/**
 * The service worker's page side (issue 18 point 1, decision 0206): /sw.js (scripts/service-
 * worker.ts, Workbox) is registered once the page has loaded and the browser is idle (main.tsx
 * loads this module then), with workbox-window loaded then too, so neither is on the start-up path (initial JS budget, DESIGN
 * section 10). When a new version has installed and waits, the person is asked; "Update" lets it
 * take over and reloads, so nobody stays on an old version forever, and nobody loses what they
 * are typing to an update they did not ask for. A tab left open checks for a new version hourly.
 */

/** The part of workbox-window's `Workbox` this uses (a fake in the unit test). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
}

export const UPDATE_TITLE = 'Update available';
export const UPDATE_TEXT = 'A new version of FitTrack is ready.';
const HOUR = 60 * 60 * 1000;

/** Offers the waiting version and reloads once it controls the page; registers and checks hourly. */
export async function watchForUpdates(wb: WorkboxLike, reload: () => void = () => window.location.reload()): Promise<void> {
  wb.addEventListener('waiting', () => {
    toast({
      title: UPDATE_TITLE,
      description: UPDATE_TEXT,
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Update',
        altText: 'Reload FitTrack to use the new version',
        onAction: () => {
          wb.addEventListener('controlling', reload);
          wb.messageSkipWaiting();
        },
      },
    });
  });
  await wb.register();
  setInterval(() => void wb.update().catch(() => undefined), HOUR);
}

/** Registers /sw.js and watches for new versions (main.tsx loads this module after load, when idle). */
export function registerServiceWorker(): void {
  import('workbox-window')
    .then(({ Workbox }) => watchForUpdates(new Workbox('/sw.js')))
    .catch((err: unknown) => console.warn('The app will not work offline: its service worker was not registered', err));
}
