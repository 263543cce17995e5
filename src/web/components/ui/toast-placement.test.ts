import { describe, expect, it } from 'vitest';
import { chooseToastPlacement, toastBox } from './toast-placement';

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const toast = { width: 388, height: 72 };
const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('where a toast stands', () => {
  it('stands at the bottom right when nothing is there', () => {
    expect(chooseToastPlacement(toast, desktop, [box(100, 100, 80, 40)], 64)).toBe('bottom-right');
  });

  it('moves to the bottom left when a row’s Delete or a version’s Restore is under the bottom right', () => {
    const restore = box(1120, 840, 90, 36);
    expect(chooseToastPlacement(toast, desktop, [restore], 64)).toBe('bottom-left');
  });

  it('goes to the top, under the header, when both bottom corners hold controls', () => {
    const noteBox = box(0, 780, 1280, 80);
    const placement = chooseToastPlacement(toast, desktop, [noteBox], 64);
    expect(placement).toBe('top-right');
    expect(toastBox(placement, toast, desktop, 64).top).toBe(80);
  });

  it('on a phone spans the screen: bottom, else just under the header, never over it', () => {
    const wideToast = { width: 358, height: 72 };
    expect(chooseToastPlacement(wideToast, phone, [box(16, 300, 120, 44)], 60)).toBe('bottom-right');
    const noteBox = box(16, 760, 358, 60);
    expect(chooseToastPlacement(wideToast, phone, [noteBox], 60)).toBe('top-right');
    expect(toastBox('top-right', wideToast, phone, 60).top).toBeGreaterThanOrEqual(60);
  });

  it('covers as little as it can when every place covers something', () => {
    const everywhere = [box(0, 0, 1280, 200), box(0, 700, 1280, 200), box(0, 820, 300, 80)];
    expect(chooseToastPlacement(toast, desktop, everywhere, 0)).toBe('bottom-right');
  });
});
