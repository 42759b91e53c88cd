import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import useSWR from 'swr';
import './index.css';

/**
 * The floor (DESIGN.md section 10): the smallest app built with the very same React, react-router,
 * SWR, Tailwind and Vite as the frontend (they resolve from the same node_modules, so they follow
 * every upgrade of the lockfile), measured by `npm run bench` beside ours. Its two screens do what
 * ours must do first: a usable sign-in form on /auth, and today's figures from the API on /.
 */

type Today = { steps: number; caloriesConsumed: number; pushups: number; caloriesBurned: number };

const fetcher = async (url: string) => {
  const res = await fetch(url, { credentials: 'same-origin', headers: { 'X-Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone } });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as Today;
};

function SignIn() {
  return (
    <main className="mx-auto grid max-w-md gap-4 p-6">
      <h1 className="text-2xl font-bold text-slate-900">FitTrack</h1>
      <form className="grid gap-3" onSubmit={(e) => e.preventDefault()}>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Username
          <input name="username" autoComplete="username" className="rounded-lg border border-slate-300 px-3 py-2" />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Password
          <input name="password" type="password" autoComplete="current-password" className="rounded-lg border border-slate-300 px-3 py-2" />
        </label>
        <button type="submit" className="rounded-lg bg-emerald-800 px-4 py-2.5 font-semibold text-white">
          Sign In
        </button>
      </form>
    </main>
  );
}

function Dashboard() {
  const { data } = useSWR('/api/progress/today', fetcher);
  return (
    <main className="mx-auto grid max-w-md gap-4 p-6">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      {data ? (
        <section className="grid grid-cols-2 gap-3">
          <h2 className="col-span-2 text-lg font-semibold text-slate-900">Today&apos;s Progress</h2>
          {(['caloriesConsumed', 'steps', 'pushups', 'caloriesBurned'] as const).map((k) => (
            <p key={k} className="rounded-xl border border-slate-200 p-3 text-slate-800">
              <span className="block text-xs text-slate-600">{k}</span>
              <span className="text-2xl font-bold">{data[k]}</span>
            </p>
          ))}
        </section>
      ) : (
        <p className="text-slate-600">Loading…</p>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/auth" element={<SignIn />} />
        <Route path="*" element={<Dashboard />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
