/**
 * BigDesign's typeface for the settings page: "Source Sans 3" (the first name in BigDesign's
 * font-family). BigDesign tells apps to load it from Google Fonts, which the page's CSP refuses
 * (style-src and font-src are 'self'), and opening the CSP to Google would also hand every
 * merchant's address to a third party. So the font is served from the app itself, under
 * {app_url}/assets/fonts/, and declared in the page's head: one variable font covers every weight
 * BigDesign uses (400 and 600, and 200/300 of its large headings).
 *
 * Files: the package @fontsource-variable/source-sans-3 (SIL Open Font License). unicode-range
 * lets the browser fetch the latin-ext file only for a page that shows such characters.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Router } from 'express';

const DIR = `${dirname(createRequire(import.meta.url).resolve('@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2'))}/`;

const FACES = [
  {
    file: 'source-sans-3-latin-wght-normal.woff2',
    range:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  {
    file: 'source-sans-3-latin-ext-wght-normal.woff2',
    range:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C4,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
];
const FILES = new Set(FACES.map((f) => f.file));
/** The files never change under a name; a new version of the font would get new names. */
const FONT_MAX_AGE_S = 30 * 24 * 3600;

/**
 * The <head> markup: @font-face rules (an inline <style>, allowed by style-src 'unsafe-inline'
 * that BigDesign's styled-components needs anyway) and a preload of the latin file, so the text
 * does not first appear in the fallback font.
 */
export function fontHead(mount: string): string {
  const url = (file: string) => `${mount}/assets/fonts/${file}`;
  const faces = FACES.map(
    (f) =>
      `@font-face{font-family:"Source Sans 3";font-style:normal;font-weight:200 900;font-display:swap;src:url(${url(f.file)}) format("woff2");unicode-range:${f.range}}`,
  ).join('');
  return `<link rel="preload" href="${url(FACES[0].file)}" as="font" type="font/woff2" crossorigin><style>${faces}</style>`;
}

export function appFontRoutes(router: Router): void {
  router.get('/assets/fonts/:file', (req, res, next) => {
    const file = req.params.file;
    // Only the listed names: nothing else in the folder (or beyond it) is served.
    if (typeof file !== 'string' || !FILES.has(file)) return next();
    res.setHeader('Content-Type', 'font/woff2');
    res.setHeader('Cache-Control', `public, max-age=${FONT_MAX_AGE_S}`);
    res.sendFile(file, { root: DIR });
  });
}
