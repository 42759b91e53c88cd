import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { type ReactNode, useState } from 'react';

/** SPEC.md section 4: tooltips open after a 700 ms hover delay, with a 300 ms skip delay. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Wraps a screen that shows tooltips: one provider per screen, so the skip delay applies when the
 * pointer moves from one tooltip to the next, and the Radix tooltip code is only loaded by the
 * screens that use it (not by the app shell).
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/**
 * A tooltip on `children` (a single focusable element), inside a <TooltipProvider>. It opens on
 * hover (after the delay) and on keyboard focus, as Radix does, and also on a tap or click, which
 * Radix would treat as closing it: on a phone there is no hover. Escape, a tap elsewhere or moving
 * focus away closes it.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
      <TooltipPrimitive.Trigger
        asChild
        onClick={(event) => {
          // Keeps Radix from closing it on the click: a tap or Enter opens it (and keeps it open).
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-[min(18rem,calc(100vw-1rem))] rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-md"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-slate-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
