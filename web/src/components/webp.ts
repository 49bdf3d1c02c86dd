/** JPG, JPEG and PNG images are asked for as webp when the browser supports it. */
const RASTER_EXTENSION = /\.(jpe?g|png)(?=([?#].*)?$)/i;

export function toWebpUrl(url: string): string {
  if (/^(data|blob):/i.test(url)) return url;
  return url.replace(RASTER_EXTENSION, '.webp');
}

export function canSwitchToWebp(url: string): boolean {
  return toWebpUrl(url) !== url;
}
