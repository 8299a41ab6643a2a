/** Test images for the branded login: a background scene and a logo, as an admin would upload. */

/** A 1600×1000 dusk landscape in SVG: layered hills under a gradient sky with a sun. */
export function backgroundSvg(): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1E1B4B"/><stop offset="0.55" stop-color="#7C3AED"/><stop offset="1" stop-color="#F97316"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#FDE68A"/><stop offset="1" stop-color="#FDBA74" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1600" height="1000" fill="url(#sky)"/>
  <circle cx="1120" cy="610" r="260" fill="url(#sun)"/>
  <circle cx="1120" cy="610" r="110" fill="#FEF3C7"/>
  <path d="M0 700 C 260 600 420 640 640 690 S 1080 610 1300 660 S 1520 700 1600 680 V1000 H0Z" fill="#4C1D95" opacity="0.85"/>
  <path d="M0 790 C 220 730 480 760 700 800 S 1160 740 1380 780 S 1560 820 1600 810 V1000 H0Z" fill="#2E1065"/>
  <path d="M0 880 C 300 840 560 870 820 900 S 1300 860 1600 890 V1000 H0Z" fill="#1E1B4B"/>
</svg>
`);
}

/** A wordmark logo: a rounded mark and the name, 56 px high and as wide as the name needs. */
export function logoSvg(name: string, color: string): Buffer {
  const width = 72 + Math.ceil(name.length * 17.5);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56">
  <rect x="0" y="4" width="48" height="48" rx="12" fill="${color}"/>
  <path d="M14 36 L24 16 L34 36 Z" fill="#FFFFFF"/>
  <text x="60" y="38" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" fill="#0F172A">${name}</text>
</svg>
`);
}
