/** What other features use of settings: the user's reduced-motion preference. */
export { prefersReducedMotion } from './appearance';
