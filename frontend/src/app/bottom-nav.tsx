import { type ReactNode, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '@/features/auth/public';
import { useFixedBarHeight } from '@/lib/use-fixed-bar-height';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const items = [
  { to: '/', label: 'Dashboard', icon: <path d="M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z" /> },
  { to: '/stretching', label: 'Stretching', icon: <path d="M22 12h-4l-3 9L9 3l-3 9H2" /> },
  { to: '/workout', label: 'Workout', icon: <path d="M6.5 6.5v11M17.5 6.5v11M3 9.5v5M21 9.5v5M6.5 12h11" /> },
  { to: '/diet', label: 'Diet', icon: <path d="M5 3v7a3 3 0 0 0 6 0V3M8 3v18M18 21V3c-2.5 0-4 2.5-4 6s1.5 4 4 4" /> },
  {
    to: '/settings',
    label: 'Settings',
    icon: (
      <>
        <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
        <circle cx="15" cy="6" r="2" />
        <circle cx="9" cy="12" r="2" />
        <circle cx="17" cy="18" r="2" />
      </>
    ),
  },
] as const;

/*
 * Six equal columns must fit 320 px, and 390 px with Larger text: no side padding, and the label's
 * size is capped by the screen width (2.9vw: "Dashboard" still fits its column at 320 px).
 */
const itemClass =
  'flex min-h-14 min-w-0 flex-col items-center justify-center gap-0.5 rounded-lg px-0 py-1.5 text-[length:min(0.6875rem,2.9vw)] leading-tight font-medium tracking-tight transition-colors';

/** Bottom navigation (SPEC.md section 2): five links and a Logout button. */
export function BottomNav() {
  const { pathname } = useLocation();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  useFixedBarHeight(navRef, '--bottom-nav-height');
  // useLogout catches a failed logout itself (it toasts), so the click handler can fire and forget it.
  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  };

  // Its min-height is its designed height (index.css, --bottom-nav-designed-height: the border,
  // the list's py-1 and the items' min-h-14): change them together.
  return (
    <nav
      ref={navRef}
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 mx-auto min-h-[var(--bottom-nav-designed-height)] w-full max-w-md border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="grid grid-cols-6 gap-px px-0.5 py-1">
        {items.map((item) => {
          // The dashboard is reachable as / and /dashboard.
          const active =
            item.to === '/'
              ? pathname === '/' || pathname === '/dashboard'
              : pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={`${itemClass} ${active ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}
              >
                <Icon>{item.icon}</Icon>
                {item.label}
              </Link>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            disabled={loggingOut}
            onClick={() => void onLogout()}
            className={`${itemClass} w-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-70`}
          >
            <Icon>
              <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
            </Icon>
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
