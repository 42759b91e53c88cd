import { type ReactNode, Suspense } from 'react';

/**
 * A part of a pre-rendered frame (scripts/prerender.ts) that the app hydrates after it has taken
 * the frame over, not in that first commit: during `hydrateRoot`'s first pass React leaves a
 * Suspense boundary's pre-rendered content as it is and hydrates it afterwards, in a pass of its
 * own at the lowest priority, sliced into 5 ms pieces. A tap inside it before then makes React
 * hydrate it at once and hand it the tap (e2e/first-paint.e2e.test.ts). For what the first paint
 * shows but the start-up does not need: the footer, the cookie banner (`/auth`'s form is behind
 * the route's own boundary already). In a client render (a frame replaced, every later screen)
 * nothing here suspends, and it changes nothing. Measured in bench/results/first-paint.md
 * (2026-11-29, "the footer and the cookie banner hydrated after the takeover").
 */
export function HydratedLater({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
