// Draws the app icon and the tray images (a caption bubble with three lines of text) and writes
// them as PNG, ICO and ICNS into resources/. Run once after changing the drawing:
//   node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in a unit square; coverage by 4x4 supersampling.
const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inTriangle = (x, y, [ax, ay], [bx, by], [cx, cy]) => {
  const s = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  const d1 = s(x, y, ax, ay, bx, by);
  const d2 = s(x, y, bx, by, cx, cy);
  const d3 = s(x, y, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};
const bubble = (x, y) =>
  inRoundRect(x, y, 0.14, 0.2, 0.86, 0.7, 0.1) || inTriangle(x, y, [0.3, 0.66], [0.46, 0.66], [0.26, 0.84]);
const lines = (x, y) =>
  inRoundRect(x, y, 0.24, 0.3, 0.76, 0.36, 0.03) ||
  inRoundRect(x, y, 0.24, 0.42, 0.7, 0.48, 0.03) ||
  inRoundRect(x, y, 0.24, 0.54, 0.56, 0.6, 0.03);

function draw(size, paint) {
  const out = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const [r, g, b, a] = paint((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          acc[0] += r * a;
          acc[1] += g * a;
          acc[2] += b * a;
          acc[3] += a;
        }
      const i = (py * size + px) * 4;
      const a = acc[3] / (n * n);
      out[i] = a ? Math.round(acc[0] / acc[3]) : 0;
      out[i + 1] = a ? Math.round(acc[1] / acc[3]) : 0;
      out[i + 2] = a ? Math.round(acc[2] / acc[3]) : 0;
      out[i + 3] = Math.round(a * 255);
    }
  return png(size, out);
}

// App icon: white bubble with dark lines on an ocean-blue rounded square.
const appIcon = (x, y) => {
  if (bubble(x, y)) return lines(x, y) ? [19, 41, 61, 1] : [255, 255, 255, 1];
  if (inRoundRect(x, y, 0.02, 0.02, 0.98, 0.98, 0.2)) return [16, 107, 163, 1];
  return [0, 0, 0, 0];
};
// Tray (macOS template image: black and alpha only; other systems show it as is).
const trayIcon = (x, y) => (bubble(x, y) && !lines(x, y) ? [0, 0, 0, 1] : [0, 0, 0, 0]);

const icon256 = draw(256, appIcon);
const icon512 = draw(512, appIcon);
writeFileSync('resources/icons/icon.png', icon512);
// ICO with one embedded 256 px PNG (Windows Vista and later).
const ico = Buffer.alloc(22);
ico.writeUInt16LE(0, 0);
ico.writeUInt16LE(1, 2);
ico.writeUInt16LE(1, 4);
ico[6] = 0; // 256
ico[7] = 0;
ico.writeUInt16LE(1, 10);
ico.writeUInt16LE(32, 12);
ico.writeUInt32LE(icon256.length, 14);
ico.writeUInt32LE(22, 18);
writeFileSync('resources/icons/icon.ico', Buffer.concat([ico, icon256]));
// ICNS with PNG entries (ic08: 256 px, ic09: 512 px).
const entry = (type, data) => {
  const h = Buffer.alloc(8);
  h.write(type, 0, 'ascii');
  h.writeUInt32BE(8 + data.length, 4);
  return Buffer.concat([h, data]);
};
const body = Buffer.concat([entry('ic08', icon256), entry('ic09', icon512)]);
const icnsHeader = Buffer.alloc(8);
icnsHeader.write('icns', 0, 'ascii');
icnsHeader.writeUInt32BE(8 + body.length, 4);
writeFileSync('resources/icons/icon.icns', Buffer.concat([icnsHeader, body]));
writeFileSync('resources/tray/trayTemplate.png', draw(16, trayIcon));
writeFileSync('resources/tray/trayTemplate@2x.png', draw(32, trayIcon));
console.log('wrote resources/icons/icon.{png,ico,icns} and resources/tray/trayTemplate{,@2x}.png');
