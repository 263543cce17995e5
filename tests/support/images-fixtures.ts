import zlib from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG from a camera: GPS position, camera make, and a rotate-90 orientation flag. */
export async function cameraJpeg(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '54/1 34/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '1/1 14/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#cc3333' } })
    .png()
    .toBuffer();

/** Random pixels: compresses badly, like a photo, so sizes are realistic. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The GPS latitude's seconds (1234/100) as EXIF stores a rational, in either byte order. */
export function containsGpsSeconds(bytes: Buffer): boolean {
  const big = Buffer.from([0, 0, 0x04, 0xd2, 0, 0, 0, 0x64]);
  const little = Buffer.from([0xd2, 0x04, 0, 0, 0x64, 0, 0, 0]);
  return bytes.includes(big) || bytes.includes(little);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header claiming 50,000 x 50,000 pixels (2.5 gigapixels)
 * in a file of a few hundred bytes. Decoding it would need gigabytes of memory.
 */
export function pixelBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const firstRows = zlib.deflateSync(Buffer.alloc(50_001 * 4));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
