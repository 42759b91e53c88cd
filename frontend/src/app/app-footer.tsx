import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/constants';

const linkClass = 'inline-flex min-h-11 items-center rounded text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/refund-policy', label: 'Refund Policy' },
] as const;

const never = () => () => {};
const thisYear = () => new Date().getFullYear();
const builtIn = () => __BUILD_YEAR__;

/**
 * The copyright line. The pre-rendered frames (scripts/prerender.ts) carry the year of the build,
 * which the app hydrates as it is, then renders this year's where they differ (a deploy older than
 * the new year): a text that differed while hydrating would make React drop the frame, and the
 * text typed into it, and render the page anew.
 */
function Copyright({ className }: { className: string }) {
  const year = useSyncExternalStore(never, thisYear, builtIn);
  return <p className={className}>{`© ${year} FitTrack. All rights reserved.`}</p>;
}

/** The shell's footer (SPEC.md section 2): Legal and Support groups and a copyright line. */
export function AppFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 pt-4 pb-24 text-sm">
      <div className="grid grid-cols-2 gap-6">
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-1 font-semibold text-slate-900">
            Legal
          </h2>
          <ul>
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link className={linkClass} to={l.to}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="mb-1 font-semibold text-slate-900">
            Support
          </h2>
          <ul>
            <li>
              <Link className={linkClass} to="/feedback">
                Send Feedback
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/accessibility">
                Accessibility
              </Link>
            </li>
            <li>
              <a className={linkClass} href={`mailto:${SUPPORT_EMAIL}`}>
                Contact Us
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <Copyright className="mt-4 text-center text-xs text-slate-600" />
    </footer>
  );
}

/**
 * The plain layout's footer: the legal pages are reachable from both layouts (SPEC.md section 2),
 * also before sign-in (auth, plan choice, checkout).
 */
export function PlainFooter() {
  return (
    <footer className="border-t border-slate-200 py-4 text-xs">
      <nav aria-label="Legal">
        <ul className="flex flex-wrap justify-center gap-x-3">
          {[...LEGAL_LINKS, { to: '/accessibility', label: 'Accessibility' }].map((l) => (
            <li key={l.to}>
              <Link className={linkClass} to={l.to}>
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <a className={linkClass} href={`mailto:${SUPPORT_EMAIL}`}>
              Contact Us
            </a>
          </li>
        </ul>
      </nav>
      <Copyright className="mt-2 text-center text-slate-600" />
    </footer>
  );
}
