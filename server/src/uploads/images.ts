/**
 * Identifies an uploaded image by its content, never by its name or declared type, and refuses
 * anything else: SVG, markup polyglots, truncated or trailing data, and oversized dimensions.
 */
import { type ImageType, type UploadKind, UPLOADS } from '@gatehouse/common/policy';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MARKUP = /<\s*(script|html|svg|iframe|object|embed|body|head|meta|\?php|!doctype)\b/i;

function png(data: Buffer): ImageInfo | null {
  if (data.length < 33 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (data.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  // Walk the chunks: each must fit, and IEND must end the file exactly.
  let offset = 8;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const next = offset + 12 + length;
    if (next > data.length) return null;
    if (type === 'IEND') return next === data.length ? { type: 'image/png', width, height } : null;
    offset = next;
  }
  return null;
}

function gif(data: Buffer): ImageInfo | null {
  const signature = data.toString('latin1', 0, 6);
  if (data.length < 14 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return null;
  if (data[data.length - 1] !== 0x3b) return null;
  return { type: 'image/gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

function jpeg(data: Buffer): ImageInfo | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return null;
  let end = data.length;
  while (end > 2 && data[end - 1] === 0x00) end--;
  if (data[end - 2] !== 0xff || data[end - 1] !== 0xd9) return null;
  let offset = 2;
  while (offset + 9 < end) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { type: 'image/jpeg', height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}

function ico(data: Buffer): ImageInfo | null {
  if (data.length < 22 || data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) return null;
  const count = data.readUInt16LE(4);
  if (count < 1 || count > 64 || 6 + count * 16 > data.length) return null;
  let width = 0;
  let height = 0;
  for (let i = 0; i < count; i++) {
    const entry = 6 + i * 16;
    const size = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    if (size === 0 || offset < 6 + count * 16 || offset + size > data.length) return null;
    width = Math.max(width, data[entry] || 256);
    height = Math.max(height, data[entry + 1] || 256);
  }
  return { type: 'image/x-icon', width, height };
}

const READERS: Record<ImageType, (data: Buffer) => ImageInfo | null> = {
  'image/png': png,
  'image/gif': gif,
  'image/jpeg': jpeg,
  'image/x-icon': ico,
};

/** The image's real type and size when it is allowed for this kind of upload and safe to serve; otherwise null. */
export function identifyImage(data: Buffer, kind: UploadKind): ImageInfo | null {
  if (MARKUP.test(data.toString('latin1'))) return null;
  const { types, maxWidth, maxHeight } = UPLOADS[kind];
  for (const type of types) {
    const info = READERS[type](data);
    if (!info) continue;
    if (info.width < 1 || info.height < 1 || info.width > maxWidth || info.height > maxHeight) return null;
    return info;
  }
  return null;
}
