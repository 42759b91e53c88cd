import { useState } from 'react';
import { type Appearance, type Theme, readAppearance, saveAppearance } from '@/features/settings/appearance';
import { SwitchRow } from './switch-row';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'black', label: 'Black' },
];

/** Settings › Appearance: theme (Light / true-black Black), reduce motion, larger text. */
export function AppearanceTab() {
  const [appearance, setAppearance] = useState<Appearance>(readAppearance);
  const update = (patch: Partial<Appearance>) => {
    const next = { ...appearance, ...patch };
    setAppearance(next);
    saveAppearance(next);
  };
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-describedby="theme-note">
        <legend className="float-left mb-1 text-base font-semibold text-slate-900">Theme</legend>
        <div className="clear-both grid grid-cols-2 gap-3">
          {THEMES.map((t) => (
            <label
              key={t.value}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm font-medium text-slate-900 ${
                appearance.theme === t.value ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="theme"
                value={t.value}
                checked={appearance.theme === t.value}
                onChange={() => update({ theme: t.value })}
                className="size-5 accent-brand-700"
              />
              {/* A preview swatch in the theme's own colour (inline, so the Black theme does not repaint it). */}
              <span aria-hidden="true" className="size-6 shrink-0 rounded-full border border-slate-400" style={{ backgroundColor: t.value === 'black' ? '#000' : '#fff' }} />
              {t.label}
            </label>
          ))}
        </div>
        <p id="theme-note" className="text-xs text-slate-600">
          Black uses true black, which helps conserve battery on OLED screens.
        </p>
      </fieldset>
      <section aria-labelledby="accessibility-title" className="rounded-2xl border border-slate-200 bg-white px-5 py-3 shadow-sm">
        <h2 id="accessibility-title" className="pt-2 text-base font-semibold text-slate-900">
          Accessibility
        </h2>
        <SwitchRow label="Reduce motion" note="Turns off animations and smooth scrolling" checked={appearance.reduceMotion} onChange={(reduceMotion) => update({ reduceMotion })} />
        <SwitchRow label="Larger text" note="Makes all text about 15% larger" checked={appearance.largerText} onChange={(largerText) => update({ largerText })} />
      </section>
    </div>
  );
}
