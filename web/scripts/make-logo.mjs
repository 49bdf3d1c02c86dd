/* global Image */
// Renders the Starborn emblem (an SVG drawn here) with the system chromium and writes
// public/logo.jpg (social previews, spec default image), logo.webp (its webp sibling: the image
// component asks for it), logo-96.jpg and logo-96.webp (the header's 40 px emblem, sharp on screens of up
// to 2.4 device pixels per CSS pixel, a few kB instead of the full logo's 16), favicon.svg,
// favicon-32.png and apple-touch-icon.png.
// Run: npm run logo -w web   (needs /usr/bin/chromium)
import { chromium } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

// A tiny deterministic generator, so the emblem is the same on every run.
let seed = 7;
const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

function star(cx, cy, outer, inner, points) {
  const d = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    d.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${d.join('L')}Z`;
}

const dust = Array.from({ length: 90 }, () => {
  const x = rand() * 512;
  const y = rand() * 512;
  const r = rand() < 0.9 ? 0.6 + rand() * 1.1 : 1.8 + rand() * 1.2;
  const o = (0.35 + rand() * 0.65).toFixed(2);
  return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(2)}" fill="#fff" opacity="${o}"/>`;
}).join('');

const emblem = `
<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <radialGradient id="sky" cx="50%" cy="45%" r="70%">
      <stop offset="0" stop-color="#3b2381"/>
      <stop offset="0.45" stop-color="#1a1040"/>
      <stop offset="1" stop-color="#07051a"/>
    </radialGradient>
    <radialGradient id="nebulaA" cx="30%" cy="70%" r="45%">
      <stop offset="0" stop-color="#22d3ee" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#22d3ee" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="nebulaB" cx="75%" cy="25%" r="50%">
      <stop offset="0" stop-color="#c084fc" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#c084fc" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="core" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#fff8e1" stop-opacity="0.95"/>
      <stop offset="0.35" stop-color="#f6c96b" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#f6c96b" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff3c4"/>
      <stop offset="0.5" stop-color="#f6c96b"/>
      <stop offset="1" stop-color="#d08a2c"/>
    </linearGradient>
    <linearGradient id="ring" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#a78bfa" stop-opacity="0.1"/>
      <stop offset="0.5" stop-color="#f6c96b" stop-opacity="0.9"/>
      <stop offset="1" stop-color="#67e8f9" stop-opacity="0.15"/>
    </linearGradient>
    <filter id="glow" x="-50%" y="-50%" width="200%" height="200%">
      <feGaussianBlur stdDeviation="8" result="b"/>
      <feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
    <filter id="soft"><feGaussianBlur stdDeviation="2"/></filter>
  </defs>
  <rect width="512" height="512" fill="url(#sky)"/>
  <rect width="512" height="512" fill="url(#nebulaA)"/>
  <rect width="512" height="512" fill="url(#nebulaB)"/>
  ${dust}
  <circle cx="256" cy="256" r="196" fill="none" stroke="#f6c96b" stroke-opacity="0.35" stroke-width="1.5" stroke-dasharray="2 7"/>
  <circle cx="256" cy="256" r="172" fill="none" stroke="#a78bfa" stroke-opacity="0.25" stroke-width="1"/>
  <g transform="rotate(-24 256 256)">
    <ellipse cx="256" cy="256" rx="214" ry="70" fill="none" stroke="url(#ring)" stroke-width="3"/>
    <circle cx="452" cy="284" r="9" fill="#fde9b4" filter="url(#glow)"/>
  </g>
  <circle cx="256" cy="256" r="120" fill="url(#core)"/>
  <path d="${star(256, 256, 150, 22, 4)}" fill="url(#gold)" opacity="0.35" filter="url(#soft)" transform="rotate(45 256 256)"/>
  <path d="${star(256, 256, 132, 30, 4)}" fill="url(#gold)" filter="url(#glow)"/>
  <path d="${star(256, 256, 70, 20, 4)}" fill="#fffaf0" transform="rotate(45 256 256)" opacity="0.9"/>
  <circle cx="256" cy="256" r="14" fill="#fff"/>
  <path d="${star(150, 140, 14, 3, 4)}" fill="#fff" opacity="0.9"/>
  <path d="${star(372, 384, 11, 2.5, 4)}" fill="#fff" opacity="0.8"/>
  <path d="${star(382, 128, 8, 2, 4)}" fill="#f6c96b"/>
</svg>`;

// The favicon: the same gold star on a dark disc, simple enough to read at 16 px.
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <radialGradient id="bg" cx="50%" cy="45%" r="65%"><stop offset="0" stop-color="#3b2381"/><stop offset="1" stop-color="#0a0718"/></radialGradient>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.55" stop-color="#f6c96b"/><stop offset="1" stop-color="#d08a2c"/></linearGradient>
  </defs>
  <circle cx="32" cy="32" r="31" fill="url(#bg)"/>
  <path d="${star(32, 32, 23, 5.5, 4)}" fill="url(#g)"/>
  <circle cx="32" cy="32" r="3" fill="#fff"/>
</svg>
`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
  await page.setContent(`<html><body style="margin:0;background:#07051a">${emblem}</body></html>`);
  const jpeg = await page.screenshot({
    type: 'jpeg',
    quality: 90,
    clip: { x: 0, y: 0, width: 512, height: 512 },
  });
  await writeFile(`${publicDir}logo.jpg`, jpeg);

  // Re-encode the exact same pixels to webp and the icon sizes with a canvas in the page.
  const encoded = await page.evaluate(async (jpegBase64) => {
    const img = new Image();
    img.src = `data:image/jpeg;base64,${jpegBase64}`;
    await img.decode();
    const encode = (size, type, quality) => {
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const ctx = canvas.getContext('2d');
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(img, 0, 0, size, size);
      return canvas.toDataURL(type, quality).split(',')[1];
    };
    return {
      webp: encode(512, 'image/webp', 0.86),
      touch: encode(180, 'image/png'),
      smallJpeg: encode(96, 'image/jpeg', 0.9),
      smallWebp: encode(96, 'image/webp', 0.9),
    };
  }, jpeg.toString('base64'));
  await writeFile(`${publicDir}logo.webp`, Buffer.from(encoded.webp, 'base64'));
  await writeFile(`${publicDir}logo-96.jpg`, Buffer.from(encoded.smallJpeg, 'base64'));
  await writeFile(`${publicDir}logo-96.webp`, Buffer.from(encoded.smallWebp, 'base64'));
  await writeFile(`${publicDir}apple-touch-icon.png`, Buffer.from(encoded.touch, 'base64'));

  await writeFile(`${publicDir}favicon.svg`, favicon);
  await page.setViewportSize({ width: 32, height: 32 });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${favicon.replace('<svg ', '<svg width="32" height="32" ')}</body></html>`,
  );
  const png = await page.screenshot({
    type: 'png',
    omitBackground: true,
    clip: { x: 0, y: 0, width: 32, height: 32 },
  });
  await writeFile(`${publicDir}favicon-32.png`, png);
} finally {
  await browser.close();
}
console.log(
  'Wrote logo.jpg, logo.webp, logo-96.jpg, logo-96.webp, apple-touch-icon.png, favicon.svg and favicon-32.png to web/public/',
);
