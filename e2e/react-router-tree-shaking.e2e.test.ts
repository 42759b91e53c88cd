import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { initialAssets } from '../bench/initial-assets';
import { reactRouterTreeShaking } from '../frontend/scripts/react-router-tree-shaking';

/** frontend/scripts/react-router-tree-shaking.ts (docs/performance.md piece 10). */
const frontend = path.resolve(import.meta.dirname, '../frontend');
const work = mkdtempSync(path.join(tmpdir(), 'rr-tree-shaking-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Strings that only NavLink/Form's code and the development warnings carry (Link's "data-discover" stays). */
const formCode = 'multipart/form-data';
const devWarning = 'You rendered descendant <Routes>';

/** What `import 'react-router'` gets without the plugin: the package's exports (dist/development). */
const asExported: Plugin = { name: 'as-exported', resolveId: (id) => (id === 'react-router' ? fileURLToPath(import.meta.resolve('react-router')) : null) };

/** Bundles `source` (a module in a temporary folder) for the browser. */
async function bundle(source: string, plugins: Plugin[], root = frontend): Promise<string> {
  const dir = mkdtempSync(path.join(work, 'app-'));
  writeFileSync(path.join(dir, 'entry.js'), source);
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, lib: { entry: path.join(dir, 'entry.js'), formats: ['es'], fileName: 'entry' }, rolldownOptions: { external: ['react', 'react-dom'] } },
  })) as Rolldown.RolldownOutput[];
  return output[0]!.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('react-router in the browser build', () => {
  const app = "import { BrowserRouter, Routes, Route, Link } from 'react-router';\nexport const parts = [BrowserRouter, Routes, Route, Link];\n";

  it('without the plugin, an app that imports no NavLink or Form still ships them and the warnings', async () => {
    const code = await bundle(app, [asExported]);
    expect(code).toContain(formCode);
    expect(code).toContain(devWarning);
  });

  it('with it, ships neither, and keeps Link', async () => {
    const code = await bundle(app, [reactRouterTreeShaking(frontend)]);
    expect(code).not.toContain(formCode);
    expect(code).not.toContain(devWarning);
    expect(code).toContain('data-discover');
  });

  it('keeps NavLink and Form for an app that uses them', async () => {
    const code = await bundle("import { NavLink, Form } from 'react-router';\nexport const parts = [NavLink, Form];\n", [reactRouterTreeShaking(frontend)]);
    expect(code).toContain(formCode);
    expect(code).toMatch(/NavLinkWithRef/);
  });

  it('fails the build when react-router no longer makes the three components as it did', async () => {
    const root = mkdtempSync(path.join(work, 'fake-'));
    const pkg = path.join(root, 'node_modules/react-router');
    mkdirSync(path.join(pkg, 'dist/production'), { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'react-router', version: '99.0.0', type: 'module', exports: { '.': './dist/production/index.mjs', './package.json': './package.json' } }));
    writeFileSync(path.join(pkg, 'dist/production/index.mjs'), "export * from './chunk-A.mjs';\n");
    writeFileSync(path.join(pkg, 'dist/production/chunk-A.mjs'), 'import * as React from "react";\nexport const Link = /* @__PURE__ */ (() => React.forwardRef(() => null))();\nexport const NavLink = Link, Form = Link;\n');
    await expect(bundle("import { Link } from 'react-router';\nexport { Link };\n", [reactRouterTreeShaking(root)], root)).rejects.toThrow(/no longer look like "var X = React.forwardRef\(".*remix-run\/react-router#15299/s);
  });

  it('is in the app that npm test has just built: its entry has no NavLink, Form or warnings', () => {
    const dist = path.resolve(process.env.E2E_STATIC_DIR ?? path.join(frontend, 'dist'));
    const entry = readFileSync(path.join(dist, initialAssets(dist).js[0]!), 'utf8');
    expect(entry).not.toContain(formCode);
    expect(entry).not.toContain(devWarning);
    expect(entry).toContain('data-discover');
  });
});
