/** JPG, JPEG and PNG images are asked for as webp when the browser supports it. */
const RASTER_EXTENSION = /\.(jpe?g|png)(?=([?#].*)?$)/i;

export function toWebpUrl(url: string): string {
  if (/^(data|blob):/i.test(url)) return url;
  return url.replace(RASTER_EXTENSION, '.webp');
}

export function canSwitchToWebp(url: string): boolean {
  return toWebpUrl(url) !== url;
}

let cachedSupport: boolean | undefined;

/** Feature test, once per page: a canvas that can encode webp can also decode it. */
export function browserSupportsWebp(): boolean {
  if (cachedSupport !== undefined) return cachedSupport;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    cachedSupport = canvas.toDataURL('image/webp').startsWith('data:image/webp');
  } catch {
    cachedSupport = false;
  }
  return cachedSupport;
}
