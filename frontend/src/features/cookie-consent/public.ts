/** What the app uses of cookie consent: the banner. */
export { CookieBanner } from './components/cookie-banner';
