/**
 * The smallest files that carry each format's signature, built here so tests upload real bytes:
 * file-type recognises each from its first bytes, as the upload route does.
 */
const ascii = (s: string) => Buffer.from(s, 'latin1');

/** A complete 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A JFIF header and the end-of-image marker. */
export const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  ...ascii('JFIF\0'),
  0x01,
  0x01,
  0x00,
  0x00,
  0x01,
  0x00,
  0x01,
  0x00,
  0x00,
  0xff,
  0xd9,
]);

/** An ISO base media `ftyp` box with the given major brand, then an empty `free` box. */
function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    ascii('ftyp'),
    ascii(brand),
    Buffer.from([0, 0, 2, 0]),
    ascii('isomiso2'),
  ]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), ascii('free')]);
}
export const MP4 = isoMedia('isom');
export const MOV = isoMedia('qt  ');

/** An EBML header whose DocType is "webm". */
export const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, ...ascii('webm')]);

/** An Ogg page whose first packet is a Theora identification header. */
export const OGG_VIDEO = Buffer.concat([
  ascii('OggS'),
  Buffer.alloc(24),
  Buffer.from([0x80]),
  ascii('theora'),
  Buffer.alloc(32),
]);

export const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#4F46E5"/></svg>\n',
);

/** Everything a hostile SVG tries: script, handlers, foreign HTML, javascript: and external links. */
export const EVIL_SVG = Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">
  <script>alert(2)</script>
  <rect id="box" width="10" height="10" fill="red" onclick="alert(3)"/>
  <a xlink:href="javascript:alert(4)"><text>click</text></a>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"></iframe></foreignObject>
</svg>`);

/** Pads a sample to `size` bytes: the signature stays, so the type is still recognised. */
export function padded(sample: Buffer, size: number): Buffer {
  return Buffer.concat([sample, Buffer.alloc(Math.max(0, size - sample.length))]);
}
