// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

// The browser's side, driven by the test: the paint entries it reports and its frames.
let paintEntries: string[];
let observers: (() => void)[];
let frames: FrameRequestCallback[];

class FakePerformanceObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  constructor(private readonly callback: () => void) {}
  observe() {
    observers.push(this.callback);
  }
  disconnect() {
    observers = observers.filter((callback) => callback !== this.callback);
  }
}

const report = (name: string) => {
  paintEntries.push(name);
  observers.forEach((callback) => callback());
};
const nextFrame = () => frames.splice(0).forEach((callback) => callback(0));
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

beforeEach(() => {
  vi.useFakeTimers();
  paintEntries = [];
  observers = [];
  frames = [];
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    paintEntries.includes(name) ? ([{ name }] as unknown as PerformanceEntryList) : [],
  );
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('waiting for the page to be shown before its scripts', () => {
  it('waits for the first contentful paint, then for the frame after the next one', async () => {
    const waiting = afterFirstPaint();
    report('first-paint');
    expect(await settled(waiting)).toBe(false);
    report('first-contentful-paint');
    expect(await settled(waiting)).toBe(false);
    nextFrame();
    expect(await settled(waiting)).toBe(false);
    nextFrame();
    expect(await settled(waiting)).toBe(true);
    expect(observers).toHaveLength(0);
  });

  it('needs no paint report when the content was already painted', async () => {
    report('first-contentful-paint');
    const waiting = afterFirstPaint();
    expect(await settled(waiting)).toBe(false);
    expect(observers).toHaveLength(0);
    nextFrame();
    nextFrame();
    expect(await settled(waiting)).toBe(true);
  });

  it('goes on at once in a hidden tab, which paints nothing until it is shown', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterFirstPaint())).toBe(true);
    expect(observers).toHaveLength(0);
  });

  it('goes on after 3 s when the browser never reports the paint', async () => {
    const waiting = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(2999);
    nextFrame();
    nextFrame();
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    nextFrame();
    nextFrame();
    expect(await settled(waiting)).toBe(true);
  });
});
