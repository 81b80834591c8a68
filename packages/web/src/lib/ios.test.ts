import { afterEach, describe, expect, it } from 'vitest';
import { isIosDevice, lockIosZoom } from './ios.ts';

const iphone = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  platform: 'iPhone',
  maxTouchPoints: 5,
};
const ipadOs = {
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
  platform: 'MacIntel',
  maxTouchPoints: 5,
};
const mac = { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 0 };
const android = { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', platform: 'Linux armv8l', maxTouchPoints: 5 };

function viewport(): HTMLMetaElement | null {
  return document.querySelector('meta[name="viewport"]');
}

describe('iOS zoom lock', () => {
  afterEach(() => viewport()?.remove());

  it('recognises iPhone, iPad, iPod and iPadOS posing as a Mac', () => {
    expect(isIosDevice(iphone)).toBe(true);
    expect(isIosDevice({ ...iphone, userAgent: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)' })).toBe(true);
    expect(isIosDevice({ ...iphone, userAgent: 'Mozilla/5.0 (iPad; CPU OS 12_0 like Mac OS X)' })).toBe(true);
    expect(isIosDevice(ipadOs)).toBe(true);
    expect(isIosDevice(mac)).toBe(false);
    expect(isIosDevice(android)).toBe(false);
  });

  it('forces maximum-scale=1.0 on iOS, keeping the rest of the viewport', () => {
    const meta = document.createElement('meta');
    meta.name = 'viewport';
    meta.content = 'width=device-width, initial-scale=1.0, maximum-scale=5';
    document.head.append(meta);
    lockIosZoom(document, iphone);
    expect(viewport()?.content).toBe('width=device-width, initial-scale=1.0, maximum-scale=1.0');
  });

  it('adds a viewport tag when the page has none', () => {
    lockIosZoom(document, ipadOs);
    expect(viewport()?.content).toBe('maximum-scale=1.0');
  });

  it('leaves other devices alone', () => {
    lockIosZoom(document, android);
    expect(viewport()).toBeNull();
  });
});
