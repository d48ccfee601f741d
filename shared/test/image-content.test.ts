import { describe, expect, it } from 'vitest';
import { hasPngSignature, imageContentMatches, isSvgDocument } from '../src/rules/image-content';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>';
const b64 = (data: string | Uint8Array) => btoa(String.fromCharCode(...(typeof data === 'string' ? new TextEncoder().encode(data) : data)));
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('image content', () => {
  it('accepts an SVG document, with a prolog, comments or a doctype before the root', () => {
    expect(isSvgDocument(svg)).toBe(true);
    expect(isSvgDocument(`\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n${svg}\n`)).toBe(true);
    expect(isSvgDocument('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(true);
  });

  it('refuses a text file named .svg and documents that are not SVG', () => {
    expect(isSvgDocument('just some notes\n')).toBe(false);
    expect(isSvgDocument('<html><svg></svg></html>')).toBe(false);
    expect(isSvgDocument('<svg><rect/>')).toBe(false);
    expect(isSvgDocument('<svgx></svgx>')).toBe(false);
  });

  it('knows a PNG by its signature', () => {
    expect(hasPngSignature(png)).toBe(true);
    expect(hasPngSignature(new TextEncoder().encode('GIF89a........'))).toBe(false);
  });

  it('checks data URLs by content, whatever type they declare', () => {
    expect(imageContentMatches(`data:image/svg+xml;base64,${b64(svg)}`, 'svg')).toBe(true);
    expect(imageContentMatches(`data:image/svg+xml,${encodeURIComponent(svg)}`, 'svg')).toBe(true);
    expect(imageContentMatches(`data:image/svg+xml;base64,${b64('hello, I am text')}`, 'svg')).toBe(false);
    expect(imageContentMatches(`data:image/png;base64,${b64(png)}`, 'png')).toBe(true);
    expect(imageContentMatches(`data:image/png;base64,${b64(svg)}`, 'png')).toBe(false);
    expect(imageContentMatches('not a data url', 'png')).toBe(false);
    expect(imageContentMatches('data:image/png;base64,@@@', 'png')).toBe(false);
  });
});
