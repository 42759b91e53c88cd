import * as ToastPrimitive from '@radix-ui/react-toast';
import { type ComponentProps } from 'react';
import { type ToastVariant } from './use-toast';

/** Styled Radix toast primitives (SPEC.md section 9: 5000 ms, swipe right past 50 px, F8). */

const TOAST_DURATION = 5000;
const TOAST_SWIPE_THRESHOLD = 50;

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="Notification"
      {...props}
    />
  );
}

export function ToastViewport({ className = '', ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={['F8']}
      // At the bottom, above the bottom navigation and the cookie banner (.toast-viewport in
      // index.css), so a toast never covers a screen's heading or the header.
      className={`toast-viewport fixed inset-x-0 z-50 mx-auto flex max-h-screen w-full max-w-md flex-col gap-2 p-4 outline-none ${className}`}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
};

export function Toast({
  variant = 'default',
  className = '',
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      type={variant === 'destructive' ? 'foreground' : 'background'}
      className={`toast-root group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-xl border p-4 pr-12 shadow-lg ${variantClasses[variant]} ${className}`}
      {...props}
    />
  );
}

export function ToastTitle({ className = '', ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={`text-sm font-semibold ${className}`} {...props} />;
}

export function ToastDescription({ className = '', ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={`mt-1 text-sm wrap-anywhere ${className}`} {...props} />;
}

export function ToastAction({ className = '', ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={`inline-flex min-h-11 shrink-0 items-center justify-center self-center rounded-lg border border-current px-3 text-sm font-semibold hover:bg-slate-50 group-data-[variant=destructive]:hover:bg-red-800 ${className}`}
      {...props}
    />
  );
}

export function ToastClose({ className = '', ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={`absolute top-0.5 right-0.5 inline-flex size-11 items-center justify-center rounded-md opacity-80 hover:opacity-100 focus-visible:opacity-100 ${className}`}
      {...props}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" />
      </svg>
    </ToastPrimitive.Close>
  );
}
