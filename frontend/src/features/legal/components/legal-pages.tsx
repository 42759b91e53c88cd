import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { LEGAL_LAST_UPDATED, PLANS, SUPPORT_EMAIL } from '../../../lib/constants';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 text-sm leading-relaxed text-slate-700 shadow-sm">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-xs text-slate-600">Last updated: {LEGAL_LAST_UPDATED}</p>
      </header>
      {children}
      <footer className="border-t border-slate-200 pt-4">
        <p>
          Questions? Write to{' '}
          <a className="font-medium text-brand-800 underline underline-offset-2" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
        <Link to="/" className="mt-3 inline-block font-medium text-brand-800 underline underline-offset-2">
          Back to FitTrack
        </Link>
      </footer>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <Section title="What we collect">
        <p>
          Your account details (username and email address), the progress you record (calories, steps, push-ups and
          calories burned), the feedback you send us, and a record of account activity such as sign-ins, subscription
          changes and feedback submissions, with the IP address they came from.
        </p>
      </Section>
      <Section title="How we use it">
        <p>To provide FitTrack, to keep your account secure, and to answer your feedback. We do not sell your data.</p>
      </Section>
      <Section title="Payments">
        <p>Payments are handled by our card payment provider and by PayPal. We never see or store your card number.</p>
      </Section>
      <Section title="Your choices">
        <p>You can ask us for a copy of your data or for its deletion at any time by contacting support.</p>
      </Section>
    </LegalPage>
  );
}

export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <Section title="Who can use FitTrack">
        <p>You must be at least 13 years old to create an account.</p>
      </Section>
      <Section title="Premium membership">
        <p>
          Premium costs {PLANS.monthly.price} per month or {PLANS.yearly.price} per year. Card subscriptions renew
          automatically at the end of each period until you cancel. A PayPal payment buys one period. We announce price
          changes 30 days before they apply.
        </p>
      </Section>
      <Section title="Refunds">
        <p>
          See the <Link className="font-medium text-brand-800 underline underline-offset-2" to="/refund-policy">Refund Policy</Link>.
        </p>
      </Section>
      <Section title="Health">
        <p>FitTrack offers general fitness information, not medical advice. Talk to a doctor before changing your diet or exercise.</p>
      </Section>
    </LegalPage>
  );
}

export function CookiePolicyPage() {
  return (
    <LegalPage title="Cookie Policy">
      <Section title="Essential cookies">
        <p>
          When you sign in we set session cookies that keep you signed in. They cannot be read by scripts on the page and
          are removed when you log out.
        </p>
      </Section>
      <Section title="Browser storage">
        <p>
          We keep a copy of your profile, your cookie choice and your theme preference in your browser&apos;s local
          storage. We use no advertising or tracking cookies.
        </p>
      </Section>
      <Section title="Payment providers">
        <p>During checkout our payment providers may set their own cookies to process and protect the payment.</p>
      </Section>
    </LegalPage>
  );
}

export function RefundPolicyPage() {
  return (
    <LegalPage title="Refund Policy">
      <Section title="Requesting a refund">
        <p>Request a refund within 7 days of your first purchase by contacting support. We respond within 24 hours.</p>
      </Section>
      <Section title="Processing times">
        <p>Refunds are processed within 5-10 business days:</p>
        <ul className="list-disc pl-5">
          <li>Card payments: 3-5 business days</li>
          <li>Digital wallets such as PayPal: 1-2 business days</li>
          <li>Bank transfers: 5-10 business days</li>
        </ul>
      </Section>
    </LegalPage>
  );
}

export function AccessibilityPage() {
  return (
    <LegalPage title="Accessibility">
      <Section title="Our commitment">
        <p>
          We want FitTrack to be usable by everyone. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2
          at level AA: every control works with a keyboard, form fields have labels, and text has sufficient contrast.
        </p>
      </Section>
      <Section title="Tell us about barriers">
        <p>If something is hard to use, please tell us through the feedback form or by email so we can fix it.</p>
      </Section>
    </LegalPage>
  );
}
