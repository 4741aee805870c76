import { useCallback, useEffect, useRef, useState } from 'react';

export const COPY_FEEDBACK_MS = 2_000; // spec §9: the copy confirmation shows for 2 s

export type CopyStatus = 'idle' | 'copied' | 'failed';

/** Copies a value to the clipboard; `status` says how it went for 2 s, then falls back to 'idle'. */
export function useCopyToClipboard(value: string) {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    let next: CopyStatus = 'copied';
    try {
      // Missing outside secure contexts (plain http).
      await navigator.clipboard.writeText(value);
    } catch {
      next = 'failed';
    }
    setStatus(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus('idle'), COPY_FEEDBACK_MS);
  }, [value]);

  return { status, copy };
}
