import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../lib/constants';

const linkClass = 'rounded text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline';

export function AppFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 pt-6 pb-24 text-sm">
      <div className="grid grid-cols-2 gap-6">
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-2 font-semibold text-slate-900">
            Legal
          </h2>
          <ul className="grid gap-1.5">
            <li><Link className={linkClass} to="/privacy-policy">Privacy Policy</Link></li>
            <li><Link className={linkClass} to="/terms-of-service">Terms of Service</Link></li>
            <li><Link className={linkClass} to="/cookie-policy">Cookie Policy</Link></li>
            <li><Link className={linkClass} to="/refund-policy">Refund Policy</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="mb-2 font-semibold text-slate-900">
            Support
          </h2>
          <ul className="grid gap-1.5">
            <li><Link className={linkClass} to="/feedback">Send Feedback</Link></li>
            <li><Link className={linkClass} to="/accessibility">Accessibility</Link></li>
            <li><a className={linkClass} href={`mailto:${SUPPORT_EMAIL}`}>Contact Us</a></li>
          </ul>
        </nav>
      </div>
      <p className="mt-6 text-center text-xs text-slate-600">© {new Date().getFullYear()} FitTrack. All rights reserved.</p>
    </footer>
  );
}
