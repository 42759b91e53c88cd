import { type ComponentProps } from 'react';

export function Card({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm ${className}`} {...props} />;
}

export function CardTitle({ className = '', ...props }: ComponentProps<'h2'>) {
  return <h2 className={`text-lg font-semibold text-slate-900 ${className}`} {...props} />;
}

export function CardDescription({ className = '', ...props }: ComponentProps<'p'>) {
  return <p className={`text-sm text-slate-600 ${className}`} {...props} />;
}
