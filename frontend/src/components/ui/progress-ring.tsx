import { type ReactNode } from 'react';

/**
 * A circular progress indicator: an accessible progressbar (0–100, clamped) drawn as an SVG ring.
 * `label` is its accessible name and `valueText` what a screen reader announces as its value.
 */
export function ProgressRing({
  percent,
  label,
  valueText,
  size = 88,
  stroke = 9,
  colorClass = 'text-brand-700',
  children,
}: {
  percent: number;
  label: string;
  valueText: string;
  size?: number;
  stroke?: number;
  /** text colour class of the filled arc (the arc uses currentColor) */
  colorClass?: string;
  children?: ReactNode;
}) {
  const clamped = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className="relative inline-grid shrink-0 place-items-center"
      style={{ width: size, height: size }}
    >
      <svg aria-hidden="true" width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90">
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" strokeWidth={stroke} className="stroke-slate-200" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          stroke="currentColor"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
          className={`${colorClass} transition-[stroke-dashoffset] duration-500 motion-reduce:transition-none`}
          data-testid="ring-arc"
        />
      </svg>
      {children ? <div className="absolute inset-0 grid place-items-center text-center">{children}</div> : null}
    </div>
  );
}
