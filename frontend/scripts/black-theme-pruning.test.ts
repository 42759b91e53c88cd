import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneBlackTheme } from './black-theme-pruning';

const css = [
  ':root{--color-slate-100:oklch(96.8% .007 247.896);--color-brand-700:#047857}',
  '.bg-white{background-color:#fff}',
  '.hover\\:bg-slate-100:hover{background-color:var(--color-slate-100)}',
  '.aria-\\[current\\=page\\]\\:bg-white[aria-current=page]{background-color:#fff}',
  '.text-brand-700{color:var(--color-brand-700)}',
  '[data-theme=black]{color-scheme:dark;--color-slate-100:#121212;--color-slate-200:#262626;--color-brand-700:#10b981;--color-red-50:#300}',
  '[data-theme=black] .bg-white,[data-theme=black] .hover\\:bg-white:hover,[data-theme=black] .aria-\\[current\\=page\\]\\:bg-white[aria-current=page]{background-color:#000}',
  '[data-theme=black] .bg-zinc-700,[data-theme=black] .hover\\:bg-zinc-700:hover{background-color:#333}',
  '[data-theme=black] .bg-white\\/95{background-color:#000000f2}',
  '[data-theme=black] .daily-reminder{background-color:var(--color-slate-200)}',
].join('');

describe('pruneBlackTheme', () => {
  const { css: out, selectors, properties } = pruneBlackTheme(css);

  it('keeps the overrides of the colour utilities the stylesheet defines, in every state it defines them', () => {
    expect(out).toContain('[data-theme=black] .bg-white');
    expect(out).toContain('[data-theme=black] .aria-\\[current\\=page\\]\\:bg-white[aria-current=page]');
    expect(out).toContain('{background-color:#000}');
  });

  it('drops the overrides of colour utilities no rule defines, and a rule left with none', () => {
    expect(out).not.toContain('.hover\\:bg-white:hover');
    expect(out).not.toContain('bg-zinc-700');
    expect(out).not.toContain('#333');
    expect(out).not.toContain('.bg-white\\/95');
    expect(selectors).toBe(4);
  });

  it('never drops a class of our own, whose only rule may be the Black one', () => {
    expect(out).toContain('[data-theme=black] .daily-reminder{background-color:var(--color-slate-200)}');
  });

  it('drops the Black palette entries nothing reads, and only those', () => {
    expect(out).toContain('--color-slate-100:#121212');
    expect(out).toContain('--color-slate-200:#262626'); // read by .daily-reminder's override
    expect(out).toContain('--color-brand-700:#10b981');
    expect(out).not.toContain('--color-red-50');
    expect(out).toContain('color-scheme:dark');
    expect(properties).toBe(1);
    // the light palette is Tailwind's, already reduced to what is read
    expect(out).toContain(':root{--color-slate-100:oklch(96.8% .007 247.896);--color-brand-700:#047857}');
  });

  it('is right to ignore the scripts: no source reads a palette custom property', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx)$/.test(f));
    const readers = files.filter((f) => readFileSync(path.join(src, f), 'utf8').includes('--color-'));
    expect(readers).toEqual([]);
  });
});
