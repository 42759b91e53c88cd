import { PLANS } from '@fittrack/functions/contract/billing-plans';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { LEGAL_LAST_UPDATED, SUPPORT_EMAIL } from '@/lib/constants';

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
        <Link to="/" className="mt-1 inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
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

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy explains what FitTrack collects when you use the app, why, and the choices you have. FitTrack is
        operated by FitTrack and is intended for people aged 13 and over.
      </p>
      <Section title="What we collect">
        <ul className="list-disc pl-5">
          <li>Account details: your username, email address and a securely hashed password (held by our sign-in provider).</li>
          <li>The progress you record: calories consumed, steps, push-up sets and calories burned, per day.</li>
          <li>Your membership: plan, status, renewal or expiry date and the payment provider used. We never see or store your full card number.</li>
          <li>Feedback you send us, including the name, email and rating you enter.</li>
          <li>An activity log of security-relevant events (sign-ins, sign-ups, membership changes, feedback) with the IP address they came from.</li>
        </ul>
      </Section>
      <Section title="How we use it">
        <p>
          To run FitTrack and show you your progress, to process payments and refunds, to keep accounts secure (for
          example by limiting repeated failed sign-ins), and to answer and act on your feedback. We do not sell your data
          and we do not use it for advertising.
        </p>
      </Section>
      <Section title="Who we share it with">
        <p>
          Only with the providers that run the service for us: our cloud hosting provider, our card payment provider and
          PayPal (for payments and refunds). Each processes the data only on our instructions.
        </p>
      </Section>
      <Section title="How long we keep it">
        <p>
          Account and progress data are kept while your account exists. Activity logs are kept for up to 12 months.
          Payment records are kept as long as tax law requires.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You can download a copy of your data and delete your account and its data yourself at any time in Settings ›
          Account. Deleting an account cancels a renewing subscription at once; feedback you sent and the activity log
          keep no name, email, username or IP address of a deleted account. You can also ask us to correct your data or
          do any of this for you by writing to support. We reply within 24 hours and complete requests within 30 days.
        </p>
      </Section>
    </LegalPage>
  );
}

export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <p>These terms apply when you create a FitTrack account or buy a premium membership. Please read them carefully.</p>
      <Section title="1. Eligibility">
        <p>You must be at least 13 years old to use FitTrack. If you are under the age of majority where you live, a parent or guardian must agree to these terms.</p>
      </Section>
      <Section title="2. Your account">
        <p>Keep your password private. You are responsible for what happens in your account; tell us at once if you think someone else has used it.</p>
      </Section>
      <Section title="3. Premium membership and auto-renewal">
        <p>
          Premium costs {PLANS.monthly.price} per month or {PLANS.yearly.price} per year. Memberships paid by card renew
          automatically at the end of each period at the then-current price until you cancel. You can cancel at any time
          in Settings; you keep premium access until the end of the period you have paid for. A PayPal payment buys one
          period and does not renew.
        </p>
      </Section>
      <Section title="4. Price changes">
        <p>We announce any price change at least 30 days before it applies to your next renewal, by email and in the app. If you do not agree, cancel before the renewal date.</p>
      </Section>
      <Section title="5. Refunds">
        <p>
          Your first purchase is covered by our 30-day money-back guarantee, and requests within the first 7 days need no
          reason. Processing times and details are in the{' '}
          <Link className={linkClass} to="/refund-policy">
            Refund Policy
          </Link>
          .
        </p>
      </Section>
      <Section title="6. Health notice">
        <p>
          FitTrack offers general fitness and nutrition information, not medical advice. A 500-calorie daily intake is a
          very low-calorie diet: talk to a doctor before starting it or any new exercise programme, and stop if you feel
          unwell.
        </p>
      </Section>
      <Section title="7. Acceptable use">
        <p>Do not misuse the service: no attempts to access other accounts, overload or disrupt the service, or send abusive feedback.</p>
      </Section>
      <Section title="8. Support and contact">
        <p>Support replies within 24 hours. We may update these terms; we will tell you about material changes at least 30 days in advance.</p>
      </Section>
    </LegalPage>
  );
}

export function CookiePolicyPage() {
  return (
    <LegalPage title="Cookie Policy">
      <p>FitTrack uses as few cookies as possible. We use no advertising, analytics or tracking cookies.</p>
      <Section title="Essential cookies">
        <p>
          When you sign in we set two session cookies, <code>__Host-fittrack-access</code> and{' '}
          <code>__Host-fittrack-refresh</code>. They keep you signed in, cannot be read by scripts on the page, are sent
          only to FitTrack over HTTPS, and are removed when you log out. The app cannot work without them.
        </p>
      </Section>
      <Section title="Browser storage">
        <p>We also keep a few settings in your browser&apos;s local storage, which never leave your device:</p>
        <ul className="list-disc pl-5">
          <li>a copy of your profile (<code>user</code>), so the app opens quickly;</li>
          <li>your cookie choice (<code>cookieConsent</code>);</li>
          <li>your appearance settings (<code>theme</code>, <code>reduceMotion</code>, <code>largerText</code>) and device settings (<code>deviceSettings</code>).</li>
        </ul>
      </Section>
      <Section title="Your choice">
        <p>
          &lsquo;Accept All&rsquo; and &lsquo;Decline&rsquo; are both remembered in this browser. As we only use essential
          cookies, declining does not limit the app. If we ever add optional cookies, they will be set only after you
          accept.
        </p>
      </Section>
      <Section title="Payment providers">
        <p>During checkout our card payment provider and PayPal may set their own cookies to process the payment and prevent fraud.</p>
      </Section>
    </LegalPage>
  );
}

export function RefundPolicyPage() {
  return (
    <LegalPage title="Refund Policy">
      <Section title="30-day money-back guarantee">
        <p>
          If FitTrack Premium is not right for you, you can get your money back for your first purchase (monthly or
          yearly):
        </p>
        <ul className="list-disc pl-5">
          <li>Within 7 days of your first purchase: a full refund, no questions asked.</li>
          <li>From day 8 to day 30: a full refund under our money-back guarantee; just tell us briefly what did not work for you.</li>
        </ul>
        <p>Renewals and later purchases are not refundable, but you can cancel at any time to stop the next renewal.</p>
      </Section>
      <Section title="How to request a refund">
        <p>
          Write to support from the email address of your account, or use the feedback form. Support replies within 24
          hours. Once a refund is issued, premium access ends.
        </p>
      </Section>
      <Section title="Processing times">
        <p>Refunds are processed within 5-10 business days, depending on how you paid:</p>
        <ul className="list-disc pl-5">
          <li>Credit or debit card: 3-5 business days</li>
          <li>Digital wallets such as PayPal: 1-2 business days</li>
          <li>Bank transfer: 5-10 business days</li>
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
          at level AA, and we check every screen with automated accessibility tests.
        </p>
      </Section>
      <Section title="What you can do">
        <ul className="list-disc pl-5">
          <li>Use every control with a keyboard; focus is always visible.</li>
          <li>Use a screen reader: controls and images have labels, and the stretch timer announces when a stretch is done.</li>
          <li>Choose the Black theme, turn on &lsquo;Reduce motion&rsquo; or &lsquo;Larger text&rsquo; in Settings › Appearance.</li>
          <li>Zoom the page up to 200% without losing content.</li>
        </ul>
      </Section>
      <Section title="Tell us about barriers">
        <p>If something is hard to use, please tell us through the feedback form or by email; we reply within 24 hours and fix barriers as a priority.</p>
      </Section>
    </LegalPage>
  );
}
