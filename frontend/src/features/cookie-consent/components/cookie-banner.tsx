import { useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { type CookieConsent, readCookieConsent, saveCookieConsent } from '@/features/cookie-consent/cookie-consent';
import { useFixedBarHeight } from '@/lib/use-fixed-bar-height';

/**
 * The cookie banner (SPEC.md sections 2 and 4): shown while no choice is stored; Accept All,
 * Decline and the close control (which counts as decline) store the choice and hide it.
 *
 * The stored choice is read as an external store whose server snapshot is "none": the pre-rendered
 * first frame always holds the banner (index.css hides it when a choice is stored), so the app's
 * hydration of that frame renders it too and drops it in the render after (main.tsx).
 *
 * On the sign-in page's live frame, a choice made before the app has started is stored and applied
 * by the page's inline script (public/appearance.js, which reads `data-cookie-choice`): the banner
 * goes at the tap, not at the takeover.
 */
export function CookieBanner() {
  const stored = useSyncExternalStore(storedChoiceNeverChanges, readCookieConsent, noChoiceBeforeLoad);
  const [chosen, setChosen] = useState<CookieConsent | null>(null);
  if (chosen ?? stored) return null;
  return <Banner onChoose={setChosen} />;
}

/** Only this banner writes the choice, and it keeps what it wrote in its own state. */
const storedChoiceNeverChanges = () => () => undefined;
const noChoiceBeforeLoad = () => null;

function Banner({ onChoose }: { onChoose: (value: CookieConsent) => void }) {
  const ref = useRef<HTMLElement>(null);
  useFixedBarHeight(ref, '--cookie-banner-height');
  const choose = (value: CookieConsent) => {
    saveCookieConsent(value);
    onChoose(value);
  };
  return (
    <section
      ref={ref}
      aria-labelledby="cookie-banner-title"
      // .cookie-banner (index.css): sits above the shell's bottom navigation and reserves room below the page.
      className="cookie-banner fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-md px-3 pb-[calc(env(safe-area-inset-bottom)+0.75rem)]"
    >
      <div className="relative rounded-2xl border border-slate-200 bg-white p-4 pr-12 shadow-lg">
        <h2 id="cookie-banner-title" className="font-semibold text-slate-900">
          We use cookies
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Essential cookies keep you signed in. We use no advertising or tracking cookies.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="button" data-cookie-choice="accepted" onClick={() => choose('accepted')} className="min-h-11 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">
            Accept All
          </button>
          <button type="button" data-cookie-choice="declined" onClick={() => choose('declined')} className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50">
            Decline
          </button>
          <Link to="/cookie-policy" className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-800 underline underline-offset-2">
            Learn More
          </Link>
        </div>
        <button
          type="button"
          aria-label="Close cookie banner"
          data-cookie-choice="declined"
          onClick={() => choose('declined')}
          className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </button>
      </div>
    </section>
  );
}
