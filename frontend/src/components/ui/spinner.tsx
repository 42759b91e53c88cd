/** An accessible loading indicator: a status region with a visible or screen-reader label. */
export function Spinner({ label = 'Loading...', showLabel = false, className = '' }: { label?: string; showLabel?: boolean; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center justify-center gap-3 ${className}`}>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
      <span className={showLabel ? 'text-sm text-slate-600' : 'sr-only'}>{label}</span>
    </div>
  );
}

/** Full-height spinner for whole-page loading states. */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return <Spinner label={label} className="min-h-[60vh]" showLabel />;
}
