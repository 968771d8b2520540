import sharp from 'sharp';

/** Test images made on the fly: no binary fixtures in the repository. */

/** A JPEG carrying EXIF (camera, GPS-like comment) and an orientation tag that turns it upright. */
export function jpegWithExif(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 190, g: 120, b: 60 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#2a6"/></svg>`) }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Private person', ImageDescription: 'GPS 55.7558 37.6173' } })
    .withMetadata({ orientation })
    .toBuffer();
}

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 1 } } }).png().toBuffer();
}


/** Three frames of 60 × 40, one above the other in the raw strip. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#e03131', '#2f9e44', '#1971c2'].map((fill) =>
      sharp(Buffer.from(`<svg width="60" height="40"><rect width="60" height="40" fill="${fill}"/></svg>`)).ensureAlpha().raw().toBuffer(),
    ),
  );
  return sharp(Buffer.concat(frames), { raw: { width: 60, height: 120, channels: 4, pageHeight: 40 } }).gif({ loop: 0, delay: [100, 100, 100] }).toBuffer();
}

export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40"/></svg>');
