import { describe, expect, it } from 'vitest';

import { makeGif, makeIco, makeJpeg, makePng } from '../testing/images.ts';
import { identifyImage } from './images.ts';

const WEB_IMAGES = 'hero';

describe('identifyImage', () => {
  it('knows PNG, GIF, JPEG and ICO by their content', () => {
    expect(identifyImage(makePng(3, 2), WEB_IMAGES)).toEqual({ type: 'image/png', width: 3, height: 2 });
    expect(identifyImage(makeGif(), WEB_IMAGES)).toEqual({ type: 'image/gif', width: 1, height: 1 });
    expect(identifyImage(makeJpeg(), WEB_IMAGES)).toMatchObject({ type: 'image/jpeg' });
    expect(identifyImage(makeIco(), 'favicon')).toEqual({ type: 'image/x-icon', width: 16, height: 16 });
  });

  it('refuses a type that is not allowed for the kind', () => {
    expect(identifyImage(makeIco(), WEB_IMAGES)).toBeNull();
    expect(identifyImage(makePng(), 'favicon')).toBeNull();
  });

  it('refuses SVG, HTML and text whatever they are called', () => {
    expect(identifyImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), WEB_IMAGES)).toBeNull();
    expect(identifyImage(Buffer.from('<!doctype html><html></html>'), WEB_IMAGES)).toBeNull();
    expect(identifyImage(Buffer.from('just text'), WEB_IMAGES)).toBeNull();
  });

  it('refuses polyglots: an image carrying markup, or data after its end', () => {
    const gifWithScript = Buffer.concat([makeGif().subarray(0, -1), Buffer.from('<script>alert(1)</script>'), Buffer.from([0x3b])]);
    expect(identifyImage(gifWithScript, WEB_IMAGES)).toBeNull();
    const pngWithTrailer = Buffer.concat([makePng(), Buffer.from('PK\u0003\u0004 a zip file')]);
    expect(identifyImage(pngWithTrailer, WEB_IMAGES)).toBeNull();
  });

  it('refuses truncated images and images too large to decode safely', () => {
    expect(identifyImage(makePng().subarray(0, 40), WEB_IMAGES)).toBeNull();
    expect(identifyImage(makeJpeg().subarray(0, 30), WEB_IMAGES)).toBeNull();
    expect(identifyImage(makePng(5000, 1), WEB_IMAGES)).toBeNull();
    const bombGif = makeGif();
    bombGif.writeUInt16LE(60000, 6);
    expect(identifyImage(bombGif, WEB_IMAGES)).toBeNull();
  });

  it('bounds each kind by what the screens show (regression: 4096 x 4096 images, 48 MiB decoded, were taken)', () => {
    expect(identifyImage(makePng(4096, 4096), 'background')).toBeNull();
    expect(identifyImage(makePng(3840, 2400), 'background')).toMatchObject({ width: 3840, height: 2400 });
    expect(identifyImage(makePng(2048, 1024), 'logo')).toMatchObject({ width: 2048 });
    expect(identifyImage(makePng(2049, 1024), 'logo')).toBeNull();
    expect(identifyImage(makePng(1024, 1025), 'clientlogo')).toBeNull();
    expect(identifyImage(makePng(2561, 100), 'hero')).toBeNull();
  });
});
