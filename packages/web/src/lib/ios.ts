import { IOS_MAXIMUM_SCALE } from './constants.ts';

type DeviceInfo = Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'>;

export function isIosDevice(device: DeviceInfo = navigator): boolean {
  if (/iPad|iPhone|iPod/.test(device.userAgent)) return true;
  // iPadOS presents itself as a Mac; only the touch screen gives it away.
  return device.platform === 'MacIntel' && device.maxTouchPoints > 1;
}

/**
 * On iOS the viewport's maximum scale is forced to 1.0. Safari zooms into any focused
 * field with a font under 16 px and does not zoom back out.
 */
export function lockIosZoom(doc: Document = document, device: DeviceInfo = navigator): void {
  if (!isIosDevice(device)) return;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'viewport';
    doc.head.append(meta);
  }
  const parts = meta.content
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('maximum-scale'));
  meta.content = [...parts, `maximum-scale=${IOS_MAXIMUM_SCALE}`].join(', ');
}
